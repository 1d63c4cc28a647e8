import { lazy, type ComponentType } from 'react';

/**
 * A lazy component that can be fetched ahead of rendering. Once its module is in, it renders
 * in the same pass instead of suspending for a turn: React shows a suspended screen's content
 * no sooner than 300 ms after its fallback, so a shell and a page each suspending would hold
 * the first screen back by about 600 ms after its code had arrived.
 */
export function preloadable<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
) {
  type Module = { default: ComponentType<Props> };
  let loaded: Module | undefined;
  const fetchModule = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  // React's lazy reads a module handed to `then` at once as ready.
  const ready = (module: Module) =>
    ({ then: (resolve: (value: Module) => void) => resolve(module) }) as Promise<Module>;
  return {
    Component: lazy(() => (loaded ? ready(loaded) : fetchModule())),
    preload: fetchModule,
  };
}
