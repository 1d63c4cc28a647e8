import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clinicsMessages,
  type Clinic,
  type ClinicsOverview,
  type ClinicStaff,
} from '@shared/clinics';
import { Toaster } from '@/components/ui/toaster';
import { i18n } from '@/lib/i18n';
import { addHmisStrings } from '../hmis-strings';
import { ClinicsScreen } from './clinics-screen';

addHmisStrings();

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const virtualClinic: Clinic = {
  id: '6f1c2a52-3f0b-4c55-9a43-0d7f5d1e8a01',
  name: 'Sewa Virtual Clinic',
  orgUnitCode: 'DEMO-ORGUNIT-1',
  createdAt: '2026-10-01T04:15:00.000Z',
};
const pokhara: Clinic = {
  id: '0b8e4f7d-61a2-4f1e-8c3d-2a9b7e5c4d10',
  name: 'Pokhara Clinic',
  orgUnitCode: 'PKR-01',
  createdAt: '2026-10-12T05:30:00.000Z',
};
const doctor: ClinicStaff = {
  id: 'user-ram',
  name: 'Dr. Ram Thapa',
  role: 'doctor',
  clinicId: virtualClinic.id,
};
const manager: ClinicStaff = {
  id: 'user-gita',
  name: 'Gita Gurung',
  role: 'manager',
  clinicId: null,
};

interface Request {
  path: string;
  method: string;
  body: unknown;
}

type Answer = (request: Request) => Response | undefined;

/**
 * The server with its clinics and staff: `GET /api/clinics` answers them as they stand, a
 * POST adds a clinic, a PATCH changes one, a PUT moves a person, as `clinics-service` does.
 * `refuse` may answer a request first.
 */
function server(start: ClinicsOverview, refuse: Answer = () => undefined) {
  const state = structuredClone(start);
  const requests: Request[] = [];
  vi.stubGlobal('fetch', (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { path, method, body };
    requests.push(request);
    const refused = refuse(request);
    if (refused) return Promise.resolve(refused);
    if (method === 'GET' && path === '/api/clinics') return Promise.resolve(Response.json(state));
    if (method === 'POST' && path === '/api/clinics') {
      const added: Clinic = {
        id: '9d4a6c1e-2b3f-4e5d-8a7b-6c5d4e3f2a1b',
        ...(body as { name: string; orgUnitCode: string }),
        createdAt: '2026-11-26T06:00:00.000Z',
      };
      state.clinics.push(added);
      return Promise.resolve(Response.json(added, { status: 201 }));
    }
    const clinic = state.clinics.find((each) => path === `/api/clinics/${each.id}`);
    if (method === 'PATCH' && clinic) {
      Object.assign(clinic, body);
      return Promise.resolve(Response.json(clinic));
    }
    const person = state.staff.find((each) => path === `/api/clinics/staff/${each.id}`);
    if (method === 'PUT' && person) {
      person.clinicId = (body as { clinicId: string | null }).clinicId;
      return Promise.resolve(Response.json(person));
    }
    return Promise.reject(new Error(`unexpected ${method} ${path}`));
  });
  return requests;
}

function renderScreen() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <ClinicsScreen />
      <Toaster theme="light" />
    </QueryClientProvider>,
  );
}

const card = (name: string) => within(screen.getByRole('region', { name }));
const writes = (requests: Request[]) => requests.filter((request) => request.method !== 'GET');
const selectedText = (select: HTMLElement) =>
  (select as HTMLSelectElement).selectedOptions[0]?.textContent;

describe('ClinicsScreen', () => {
  it('lists each clinic with its org unit, and each doctor and manager with their clinic', async () => {
    server({ clinics: [virtualClinic, pokhara], staff: [doctor, manager] });
    renderScreen();
    expect(await screen.findByRole('region', { name: 'Sewa Virtual Clinic' })).toBeVisible();
    expect(card('Sewa Virtual Clinic').getByLabelText('Clinic name')).toHaveValue(
      'Sewa Virtual Clinic',
    );
    expect(card('Sewa Virtual Clinic').getByLabelText('Organisation unit')).toHaveValue(
      'DEMO-ORGUNIT-1',
    );
    expect(card('Pokhara Clinic').getByLabelText('Clinic name')).toHaveValue('Pokhara Clinic');
    expect(card('Pokhara Clinic').getByLabelText('Organisation unit')).toHaveValue('PKR-01');
    expect(card('Add clinic').getByLabelText('Clinic name')).toHaveValue('');
    expect(card('Add clinic').getByLabelText('Organisation unit')).toHaveValue('');

    const staff = within(screen.getByRole('region', { name: 'Doctors and managers' }));
    expect(
      staff.getAllByRole('listitem').map((item) => item.querySelector('span')?.textContent),
    ).toEqual(['Dr. Ram Thapa Doctor', 'Gita Gurung Manager']);
    const ramsClinic = staff.getByLabelText('Clinic of Dr. Ram Thapa');
    expect(ramsClinic).toHaveValue(virtualClinic.id);
    expect(
      within(ramsClinic)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No clinic', 'Sewa Virtual Clinic', 'Pokhara Clinic']);
    expect(selectedText(staff.getByLabelText('Clinic of Gita Gurung'))).toBe('No clinic');
  });

  it('says when there are no clinics and no staff yet, and offers to add one', async () => {
    server({ clinics: [], staff: [] });
    renderScreen();
    expect(await screen.findByText('No clinics yet.')).toBeVisible();
    expect(screen.getByText('No doctors or managers yet.')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Add clinic' })).toBeVisible();
  });

  it('adds a clinic with its org unit code, trimmed, and lists it', async () => {
    const user = userEvent.setup();
    const requests = server({ clinics: [virtualClinic], staff: [doctor] });
    renderScreen();
    const add = within(await screen.findByRole('region', { name: 'Add clinic' }));
    await user.type(add.getByLabelText('Clinic name'), ' Butwal Clinic ');
    await user.type(add.getByLabelText('Organisation unit'), ' BTW.hp_02 ');
    await user.click(add.getByRole('button', { name: 'Add clinic' }));

    expect(await screen.findByText('Clinic added')).toBeVisible();
    expect(writes(requests)).toEqual([
      {
        path: '/api/clinics',
        method: 'POST',
        body: { name: 'Butwal Clinic', orgUnitCode: 'BTW.hp_02' },
      },
    ]);
    const added = await screen.findByRole('region', { name: 'Butwal Clinic' });
    expect(within(added).getByLabelText('Organisation unit')).toHaveValue('BTW.hp_02');
    // The form is empty for the next one, and the new clinic is one a person can be put in.
    expect(card('Add clinic').getByLabelText('Clinic name')).toHaveValue('');
    expect(card('Add clinic').getByLabelText('Organisation unit')).toHaveValue('');
    expect(
      within(screen.getByLabelText('Clinic of Dr. Ram Thapa')).getByRole('option', {
        name: 'Butwal Clinic',
      }),
    ).toBeInTheDocument();
  });

  it('refuses an org unit code the schema does not take, sending nothing', async () => {
    const user = userEvent.setup();
    const requests = server({ clinics: [], staff: [] });
    renderScreen();
    const add = within(await screen.findByRole('region', { name: 'Add clinic' }));
    await user.type(add.getByLabelText('Clinic name'), 'Butwal Clinic');
    await user.type(add.getByLabelText('Organisation unit'), 'BTW 02/hp');
    await user.click(add.getByRole('button', { name: 'Add clinic' }));

    // The schema's own words, under the field, and nothing sent.
    expect(add.getByLabelText('Organisation unit')).toHaveAccessibleDescription(
      `${clinicsMessages.orgUnitInvalid}.`,
    );
    expect(add.getByLabelText('Organisation unit')).toHaveAttribute('aria-invalid', 'true');
    expect(writes(requests)).toEqual([]);
    expect(add.getByLabelText('Organisation unit')).toHaveValue('BTW 02/hp');
  });

  it('says when another clinic already reports as the org unit', async () => {
    const user = userEvent.setup();
    server({ clinics: [virtualClinic], staff: [] }, (request) =>
      request.method === 'POST'
        ? Response.json(
            { error: { code: 'conflict', message: clinicsMessages.orgUnitTaken } },
            { status: 409 },
          )
        : undefined,
    );
    renderScreen();
    const add = within(await screen.findByRole('region', { name: 'Add clinic' }));
    await user.type(add.getByLabelText('Clinic name'), 'Second Virtual Clinic');
    await user.type(add.getByLabelText('Organisation unit'), 'DEMO-ORGUNIT-1');
    await user.click(add.getByRole('button', { name: 'Add clinic' }));
    expect(await add.findByRole('alert')).toHaveTextContent(
      'Another clinic already reports as this organisation unit.',
    );
    expect(add.getByLabelText('Clinic name')).toHaveValue('Second Virtual Clinic');
  });

  it('renames a clinic and sets its org unit', async () => {
    const user = userEvent.setup();
    const requests = server({ clinics: [virtualClinic, pokhara], staff: [] });
    renderScreen();
    const clinic = within(await screen.findByRole('region', { name: 'Pokhara Clinic' }));
    await user.clear(clinic.getByLabelText('Clinic name'));
    await user.type(clinic.getByLabelText('Clinic name'), 'Pokhara Lakeside Clinic');
    await user.clear(clinic.getByLabelText('Organisation unit'));
    await user.type(clinic.getByLabelText('Organisation unit'), 'PKR-02');
    await user.click(clinic.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Clinic saved')).toBeVisible();
    expect(writes(requests)).toEqual([
      {
        path: `/api/clinics/${pokhara.id}`,
        method: 'PATCH',
        body: { name: 'Pokhara Lakeside Clinic', orgUnitCode: 'PKR-02' },
      },
    ]);
    const renamed = await screen.findByRole('region', { name: 'Pokhara Lakeside Clinic' });
    expect(within(renamed).getByLabelText('Organisation unit')).toHaveValue('PKR-02');
    expect(screen.queryByRole('region', { name: 'Pokhara Clinic' })).not.toBeInTheDocument();
  });

  it('puts a manager in a clinic, and takes a doctor out of theirs', async () => {
    const user = userEvent.setup();
    const requests = server({ clinics: [virtualClinic, pokhara], staff: [doctor, manager] });
    renderScreen();
    await user.selectOptions(
      await screen.findByLabelText('Clinic of Gita Gurung'),
      'Pokhara Clinic',
    );
    expect(await screen.findByText('Clinic changed')).toBeVisible();
    expect(screen.getByLabelText('Clinic of Gita Gurung')).toHaveValue(pokhara.id);

    await user.selectOptions(screen.getByLabelText('Clinic of Dr. Ram Thapa'), 'No clinic');
    await waitFor(() => expect(screen.getByLabelText('Clinic of Dr. Ram Thapa')).toHaveValue(''));
    expect(writes(requests)).toEqual([
      { path: '/api/clinics/staff/user-gita', method: 'PUT', body: { clinicId: pokhara.id } },
      { path: '/api/clinics/staff/user-ram', method: 'PUT', body: { clinicId: null } },
    ]);
  });

  it('tells when the clinic a person was put in no longer exists', async () => {
    const user = userEvent.setup();
    server({ clinics: [virtualClinic, pokhara], staff: [manager] }, (request) =>
      request.method === 'PUT'
        ? Response.json(
            { error: { code: 'not_found', message: 'No such clinic.' } },
            { status: 404 },
          )
        : undefined,
    );
    renderScreen();
    await user.selectOptions(
      await screen.findByLabelText('Clinic of Gita Gurung'),
      'Pokhara Clinic',
    );
    expect(await screen.findByText('That clinic or person no longer exists.')).toBeVisible();
    expect(screen.getByLabelText('Clinic of Gita Gurung')).toHaveValue('');
  });

  it('tells anyone but the superadmin that clinics are hers to manage', async () => {
    server({ clinics: [], staff: [] }, () =>
      Response.json(
        { error: { code: 'forbidden', message: 'Only the superadmin manages clinics.' } },
        { status: 403 },
      ),
    );
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only the superadmin manages clinics.',
    );
    expect(screen.queryByRole('region', { name: 'Add clinic' })).not.toBeInTheDocument();
  });

  it('in Nepali, labels the forms and the staff in Nepali', async () => {
    await i18n.changeLanguage('ne');
    server({ clinics: [virtualClinic], staff: [manager] });
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'क्लिनिकहरू', level: 1 })).toBeVisible();
    const clinic = within(await screen.findByRole('region', { name: 'Sewa Virtual Clinic' }));
    expect(clinic.getByLabelText('संगठन एकाइ')).toHaveValue('DEMO-ORGUNIT-1');
    expect(clinic.getByRole('button', { name: 'सुरक्षित गर्नुहोस्' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'क्लिनिक थप्नुहोस्' })).toBeVisible();
    expect(selectedText(screen.getByLabelText('Gita Gurung को क्लिनिक'))).toBe('क्लिनिक नतोकिएको');
    expect(screen.getByText('व्यवस्थापक')).toBeVisible();
  });
});
