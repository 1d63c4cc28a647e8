import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { englishDateWords } from '@shared/date-words';
import {
  ageBands,
  hmisSexes,
  type AgeBand,
  type DataValueSet,
  type HmisCounts,
  type HmisReport,
  type HmisSex,
  type SendReport,
  type SendResult,
} from '@shared/hmis';
import { lastCompletePeriod, periodOf, type HmisPeriod } from '@shared/hmis-period';
import { i18n } from '@/lib/i18n';
import { saveFile } from '@/lib/save-file';
import { addHmisStrings } from '../hmis-strings';
import { HmisReportScreen } from './hmis-report-screen';

vi.mock('@/lib/save-file', () => ({ saveFile: vi.fn() }));

addHmisStrings();

beforeEach(() => {
  vi.mocked(saveFile).mockClear();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** The month the server counts as the last complete one on 26 November 2026: Kartik 2083. */
const kartik = lastCompletePeriod(new Date('2026-11-26T06:00:00.000Z'));
const asoj = periodOf(2083, 6)!;
const asoj2082 = periodOf(2082, 6)!;

/** Every cell of the sex-by-age table, as the server answers it: the given ones, else 0. */
function counts(
  cells: Partial<Record<`${HmisSex} ${AgeBand}`, number>>,
  patients: { newPatients: number; followUpPatients: number },
): HmisCounts {
  const consultations = hmisSexes.flatMap((sex) =>
    ageBands.map((ageBand) => ({ sex, ageBand, value: cells[`${sex} ${ageBand}`] ?? 0 })),
  );
  return {
    consultations,
    total: consultations.reduce((sum, cell) => sum + cell.value, 0),
    ...patients,
  };
}

function dataValueSet(period: HmisPeriod, orgUnit: string, values: [string, string, number][]) {
  return {
    dataSet: 'HMIS-OPD',
    period: period.id,
    orgUnit,
    completeDate: '2026-11-26',
    dataValues: values.map(([dataElement, categoryOptionCombo, value]) => ({
      dataElement,
      categoryOptionCombo,
      value: String(value),
    })),
  } satisfies DataValueSet;
}

const virtualClinic = {
  id: '6f1c2a52-3f0b-4c55-9a43-0d7f5d1e8a01',
  name: 'Sewa Virtual Clinic',
  orgUnitCode: 'DEMO-ORGUNIT-1',
};
const pokhara = {
  id: '0b8e4f7d-61a2-4f1e-8c3d-2a9b7e5c4d10',
  name: 'Pokhara Clinic',
  orgUnitCode: 'PKR-01',
};

/** Kartik 2083: one clinic with visits, one without, and visits of doctors in no clinic. */
function kartikReport(canSend = true): HmisReport {
  return {
    period: kartik,
    completeDate: '2026-11-26',
    canSend,
    clinics: [
      {
        clinic: virtualClinic,
        counts: counts(
          { 'female <5': 1, 'female 20-59': 3, 'male 60+': 2, 'unknown unknown': 1 },
          { newPatients: 4, followUpPatients: 2 },
        ),
        dataValueSet: dataValueSet(kartik, virtualClinic.orgUnitCode, [
          ['OPD-CONSULT', 'F-UNDER5', 1],
          ['OPD-CONSULT', 'F-20-59', 3],
          ['OPD-NEW', 'TOTAL', 4],
        ]),
      },
      {
        clinic: pokhara,
        counts: counts({}, { newPatients: 0, followUpPatients: 0 }),
        dataValueSet: dataValueSet(kartik, pokhara.orgUnitCode, [['OPD-NEW', 'TOTAL', 0]]),
      },
      {
        clinic: null,
        counts: counts({ 'male 5-14': 1 }, { newPatients: 1, followUpPatients: 0 }),
        dataValueSet: null,
      },
    ],
  };
}

/** A month whose clinic had no finished visit: every count 0. */
function quietMonth(period: HmisPeriod): HmisReport {
  return {
    period,
    completeDate: '2026-11-26',
    canSend: true,
    clinics: [
      {
        clinic: virtualClinic,
        counts: counts({}, { newPatients: 0, followUpPatients: 0 }),
        dataValueSet: dataValueSet(period, virtualClinic.orgUnitCode, [['OPD-NEW', 'TOTAL', 0]]),
      },
    ],
  };
}

interface Request {
  path: string;
  method: string;
  body: unknown;
}

/**
 * The server: `GET /api/hmis/report` answers the month asked for (none: Kartik 2083, the last
 * complete one) from `reports`, and `POST /api/hmis/report/send` answers `send`.
 */
function server({
  reports = { [kartik.id]: kartikReport() },
  send = () =>
    Response.json({ error: { code: 'internal', message: 'unexpected' } }, { status: 500 }),
}: {
  reports?: Record<string, HmisReport>;
  send?: (request: SendReport) => Response;
} = {}) {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ path, method, body });
    if (method === 'POST' && path === '/api/hmis/report/send') {
      return Promise.resolve(send(body as SendReport));
    }
    const url = new URL(path, 'http://sewa.test');
    if (url.pathname === '/api/hmis/report') {
      const report = reports[url.searchParams.get('period') ?? kartik.id];
      return Promise.resolve(
        report
          ? Response.json(report)
          : Response.json(
              { error: { code: 'validation_failed', message: 'Expected a Nepali month' } },
              { status: 400 },
            ),
      );
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
      <HmisReportScreen />
    </QueryClientProvider>,
  );
}

/** Each row of a table as the text of its header and data cells. */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

/** Each term of a description list in `container` with the value under it. */
function termsOf(container: HTMLElement): [string, string][] {
  return within(container)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']);
}

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole<HTMLOptionElement>('option')
    .map((option) => option.textContent);

const selectedText = (select: HTMLElement) =>
  (select as HTMLSelectElement).selectedOptions[0]?.textContent;

const periodLine = (period: HmisPeriod) =>
  `${period.name} ${period.year} (period ${period.id}): ` +
  `${englishDateWords.day(period.firstDay)} to ${englishDateWords.day(period.lastDay)}`;

const summary = () => screen.getByRole('region', { name: 'DHIS2 import summary' });

/** A clinic's card in the import summary, found by its heading. */
const summaryOf = (clinic: string) =>
  within(summary()).getByRole('heading', { name: clinic }).closest('section')!;

describe('HmisReportScreen', () => {
  it('opens on the last complete BS month, asking the server without a period', async () => {
    const requests = server();
    renderScreen();
    expect(await screen.findByText(periodLine(kartik))).toBeVisible();
    expect(requests.map((request) => request.path)).toEqual(['/api/hmis/report']);
    const month = screen.getByLabelText('Month');
    expect(month).toHaveValue('7');
    expect(selectedText(month)).toBe('Kartik');
    expect(optionsOf(month)).toEqual([
      'Baisakh',
      'Jestha',
      'Asar',
      'Shrawan',
      'Bhadra',
      'Asoj',
      'Kartik',
      'Mangsir',
      'Poush',
      'Magh',
      'Falgun',
      'Chaitra',
    ]);
    const year = screen.getByLabelText('Year');
    expect(year).toHaveValue('2083');
    // Five years back, and the one after, for this month's report.
    expect(optionsOf(year)).toEqual(['2078', '2079', '2080', '2081', '2082', '2083', '2084']);
  });

  it('asks the server for the month and the year chosen', async () => {
    const user = userEvent.setup();
    const requests = server({
      reports: {
        [kartik.id]: kartikReport(),
        [asoj.id]: quietMonth(asoj),
        [asoj2082.id]: quietMonth(asoj2082),
      },
    });
    renderScreen();
    await screen.findByText(periodLine(kartik));

    await user.selectOptions(screen.getByLabelText('Month'), 'Asoj');
    expect(await screen.findByText(periodLine(asoj))).toBeVisible();
    expect(requests.at(-1)?.path).toBe('/api/hmis/report?period=208306');
    expect(screen.getByLabelText('Month')).toHaveValue('6');

    await user.selectOptions(screen.getByLabelText('Year'), '2082');
    expect(await screen.findByText(periodLine(asoj2082))).toBeVisible();
    expect(requests.at(-1)?.path).toBe('/api/hmis/report?period=208206');
    expect(screen.getByLabelText('Year')).toHaveValue('2082');
    expect(screen.getByLabelText('Month')).toHaveValue('6');
    // The years offered stay those around the last complete month.
    expect(optionsOf(screen.getByLabelText('Year'))).toEqual([
      '2078',
      '2079',
      '2080',
      '2081',
      '2082',
      '2083',
      '2084',
    ]);
  });

  it("shows each clinic's consultations by sex and age band, and its new and follow-up patients, as the server counts them", async () => {
    server();
    renderScreen();
    const virtual = await screen.findByRole('region', { name: 'Sewa Virtual Clinic' });
    expect(within(virtual).getByText('Org unit DEMO-ORGUNIT-1')).toBeVisible();
    expect(rowsOf(within(virtual).getByRole('table', { name: 'Sewa Virtual Clinic' }))).toEqual([
      ['Sex', 'Under 5', '5–14', '15–19', '20–59', '60 and over', 'Unknown', 'Total'],
      ['Female', '1', '0', '0', '3', '0', '0', '4'],
      ['Male', '0', '0', '0', '0', '2', '0', '2'],
      ['Other', '0', '0', '0', '0', '0', '0', '0'],
      ['Unknown', '0', '0', '0', '0', '0', '1', '1'],
    ]);
    expect(termsOf(virtual)).toEqual([
      ['Consultations', '7'],
      ['New patients', '4'],
      ['Follow-up patients', '2'],
    ]);

    const quiet = screen.getByRole('region', { name: 'Pokhara Clinic' });
    expect(within(quiet).getByText('Org unit PKR-01')).toBeVisible();
    expect(rowsOf(within(quiet).getByRole('table')).slice(1)).toEqual(
      ['Female', 'Male', 'Other', 'Unknown'].map((sex) => [sex, ...Array<string>(7).fill('0')]),
    );
    expect(termsOf(quiet)).toEqual([
      ['Consultations', '0'],
      ['New patients', '0'],
      ['Follow-up patients', '0'],
    ]);

    // Visits of doctors in no clinic: shown, said never to be sent.
    const none = screen.getByRole('region', { name: 'No clinic' });
    expect(
      within(none).getByText('Visits by doctors who belong to no clinic: shown here, never sent.'),
    ).toBeVisible();
    expect(rowsOf(within(none).getByRole('table'))[2]).toEqual([
      'Male',
      '0',
      '1',
      '0',
      '0',
      '0',
      '0',
      '1',
    ]);
    expect(termsOf(none)).toEqual([
      ['Consultations', '1'],
      ['New patients', '1'],
      ['Follow-up patients', '0'],
    ]);
  });

  it('says when no clinic reports, and still offers the download', async () => {
    server({ reports: { [kartik.id]: { ...kartikReport(), clinics: [] } } });
    renderScreen();
    expect(
      await screen.findByText('No clinic reports yet. The superadmin adds clinics under Clinics.'),
    ).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download JSON' })).toBeEnabled();
  });

  it("downloads the month's values as one DHIS2 dataValueSet, each value naming its clinic's org unit", async () => {
    const user = userEvent.setup();
    server();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Download JSON' }));
    expect(saveFile).toHaveBeenCalledTimes(1);
    const [name, text, type] = vi.mocked(saveFile).mock.calls[0]!;
    expect(name).toBe('hmis-208307.json');
    expect(type).toBe('application/json');
    // The clinics' own values; the visits in no clinic are never sent, so never downloaded.
    expect(JSON.parse(text)).toEqual({
      dataSet: 'HMIS-OPD',
      period: '208307',
      completeDate: '2026-11-26',
      dataValues: [
        {
          dataElement: 'OPD-CONSULT',
          categoryOptionCombo: 'F-UNDER5',
          value: '1',
          orgUnit: 'DEMO-ORGUNIT-1',
        },
        {
          dataElement: 'OPD-CONSULT',
          categoryOptionCombo: 'F-20-59',
          value: '3',
          orgUnit: 'DEMO-ORGUNIT-1',
        },
        {
          dataElement: 'OPD-NEW',
          categoryOptionCombo: 'TOTAL',
          value: '4',
          orgUnit: 'DEMO-ORGUNIT-1',
        },
        { dataElement: 'OPD-NEW', categoryOptionCombo: 'TOTAL', value: '0', orgUnit: 'PKR-01' },
      ],
    });
  });

  it('with no DHIS2 set up, says the report can only be previewed and downloaded, and offers no send', async () => {
    const requests = server({ reports: { [kartik.id]: kartikReport(false) } });
    renderScreen();
    expect(
      await screen.findByText(
        'No DHIS2 server is set up on this server: the report can be previewed and downloaded only.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Dry run' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send to DHIS2' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download JSON' })).toBeEnabled();
    expect(requests.every((request) => request.method === 'GET')).toBe(true);
  });

  it("does a dry run of the month and shows DHIS2's import summary, clinic by clinic, with its conflicts", async () => {
    const user = userEvent.setup();
    const answer: SendResult = {
      period: kartik.id,
      dryRun: true,
      summaries: [
        {
          clinicId: virtualClinic.id,
          clinicName: virtualClinic.name,
          orgUnit: virtualClinic.orgUnitCode,
          status: 'SUCCESS',
          description: null,
          importCount: { imported: 24, updated: 2, ignored: 0, deleted: 0 },
          conflicts: [],
        },
        {
          clinicId: pokhara.id,
          clinicName: pokhara.name,
          orgUnit: pokhara.orgUnitCode,
          status: 'WARNING',
          description: 'One or more conflicts encountered',
          importCount: { imported: 20, updated: 0, ignored: 6, deleted: 0 },
          conflicts: [
            { object: 'OPD-NEW', value: 'Data element not found or not accessible' },
            { object: 'PKR-01', value: 'Organisation unit not in hierarchy of current user' },
          ],
        },
      ],
    };
    const requests = server({ send: () => Response.json(answer) });
    renderScreen();
    expect(
      screen.queryByText(
        'No DHIS2 server is set up on this server: the report can be previewed and downloaded only.',
      ),
    ).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Dry run' }));

    expect(await within(summary()).findByRole('status')).toHaveTextContent(
      'Dry run: nothing was stored.',
    );
    expect(requests.at(-1)).toEqual({
      path: '/api/hmis/report/send',
      method: 'POST',
      body: { period: '208307', dryRun: true },
    });
    const virtual = summaryOf('Sewa Virtual Clinic');
    expect(virtual).toHaveTextContent('Status: SUCCESS');
    expect(termsOf(virtual)).toEqual([
      ['Imported', '24'],
      ['Updated', '2'],
      ['Ignored', '0'],
      ['Deleted', '0'],
    ]);
    expect(within(virtual).queryByText('Conflicts')).not.toBeInTheDocument();

    const warned = summaryOf('Pokhara Clinic');
    expect(warned).toHaveTextContent('Status: WARNING');
    expect(termsOf(warned)).toEqual([
      ['Imported', '20'],
      ['Updated', '0'],
      ['Ignored', '6'],
      ['Deleted', '0'],
    ]);
    expect(within(warned).getByText('Conflicts')).toBeVisible();
    expect(
      within(warned)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'OPD-NEW: Data element not found or not accessible',
      'PKR-01: Organisation unit not in hierarchy of current user',
    ]);
  });

  it('sends the month to DHIS2 and says it was stored; with no clinic to send, says so', async () => {
    const user = userEvent.setup();
    const requests = server({
      send: (request) =>
        Response.json({
          period: request.period,
          dryRun: request.dryRun,
          summaries: [],
        } satisfies SendResult),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Send to DHIS2' }));
    expect(await within(summary()).findByRole('status')).toHaveTextContent(
      'Sent: DHIS2 stored what it imported.',
    );
    expect(within(summary()).getByText('There was no clinic to send.')).toBeVisible();
    expect(requests.at(-1)).toEqual({
      path: '/api/hmis/report/send',
      method: 'POST',
      body: { period: '208307', dryRun: false },
    });
  });

  it('sends the month chosen, and a new month clears the last summary', async () => {
    const user = userEvent.setup();
    const requests = server({
      reports: { [kartik.id]: kartikReport(), [asoj.id]: quietMonth(asoj) },
      send: (request) =>
        Response.json({
          period: request.period,
          dryRun: request.dryRun,
          summaries: [],
        } satisfies SendResult),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Dry run' }));
    expect(await screen.findByRole('region', { name: 'DHIS2 import summary' })).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Month'), 'Asoj');
    await screen.findByText(periodLine(asoj));
    expect(screen.queryByRole('region', { name: 'DHIS2 import summary' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    await screen.findByRole('region', { name: 'DHIS2 import summary' });
    expect(requests.at(-1)?.body).toEqual({ period: '208306', dryRun: true });
  });

  it.each([
    [
      'dhis2_unauthorized',
      502,
      "DHIS2 refused the server's user name and password. Ask the operator to check DHIS2_USERNAME and DHIS2_PASSWORD.",
    ],
    [
      'dhis2_unavailable',
      502,
      'DHIS2 did not answer or answered without an import summary. Please try again later.',
    ],
    [
      'hmis_month_not_ended',
      409,
      'This month has not ended yet in Nepal time: it can be sent to DHIS2 from the day after its last day. A dry run shows it now.',
    ],
    [
      'service_unavailable',
      503,
      'No DHIS2 server is set up on this server: the report can be previewed and downloaded only.',
    ],
    ['internal', 500, 'The report could not be sent. Please try again.'],
  ])('shows a send refused with %s in its own words', async (code, status, words) => {
    const user = userEvent.setup();
    server({
      send: () => Response.json({ error: { code, message: 'Refused.' } }, { status }),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Send to DHIS2' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
    expect(screen.queryByRole('region', { name: 'DHIS2 import summary' })).not.toBeInTheDocument();
    // The preview stays.
    expect(screen.getByRole('region', { name: 'Sewa Virtual Clinic' })).toBeVisible();
  });

  it('shows a report refused to the reader in its own words', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        Response.json(
          {
            error: {
              code: 'forbidden',
              message: 'Your account belongs to no clinic; the superadmin assigns one.',
            },
          },
          { status: 403 },
        ),
      ),
    );
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The HMIS report is for the superadmin and clinic managers with a clinic.',
    );
    expect(screen.queryByLabelText('Month')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dry run' })).not.toBeInTheDocument();
  });

  it('says so when today is beyond the Nepali calendar the server holds', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        Response.json(
          { error: { code: 'bs_calendar_ended', message: 'Beyond Chaitra 2083.' } },
          { status: 503 },
        ),
      ),
    );
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Today is beyond the Nepali calendar this server holds. Ask the operator to add the new year's official calendar.",
    );
  });

  it('in Nepali, names the months in Nepali and writes every number in Devanagari digits', async () => {
    await i18n.changeLanguage('ne');
    server();
    renderScreen();
    expect(
      await screen.findByRole('heading', { name: 'HMIS प्रतिवेदन', level: 1 }),
    ).toBeInTheDocument();
    const month = await screen.findByLabelText('महिना');
    expect(month).toHaveValue('7');
    // Spelled as every date of the app spells them (`shared/nepali-date-words.ts`), so the
    // picker and the range under it name one month alike.
    expect(selectedText(month)).toBe('कार्तिक');
    expect(optionsOf(month)).toEqual([
      'बैशाख',
      'जेठ',
      'असार',
      'श्रावण',
      'भाद्र',
      'आश्विन',
      'कार्तिक',
      'मंसिर',
      'पौष',
      'माघ',
      'फाल्गुण',
      'चैत्र',
    ]);
    const year = screen.getByLabelText('वर्ष');
    expect(selectedText(year)).toBe('२०८३');
    expect(optionsOf(year)).toEqual(['२०७८', '२०७९', '२०८०', '२०८१', '२०८२', '२०८३', '२०८४']);

    const line = screen.getByText(/^२०८३ कार्तिक \(अवधि २०८३०७\): /);
    expect(line.textContent).toMatch(/: कार्तिक १, २०८३ देखि कार्तिक ३०, २०८३ सम्म$/);
    expect(line.textContent).not.toMatch(/[0-9]/);

    const virtual = screen.getByRole('region', { name: 'Sewa Virtual Clinic' });
    expect(within(virtual).getByText('संगठन एकाइ DEMO-ORGUNIT-1')).toBeVisible();
    expect(rowsOf(within(virtual).getByRole('table')).slice(1)).toEqual([
      ['महिला', '१', '०', '०', '३', '०', '०', '४'],
      ['पुरुष', '०', '०', '०', '०', '२', '०', '२'],
      ['अन्य', '०', '०', '०', '०', '०', '०', '०'],
      ['अज्ञात', '०', '०', '०', '०', '०', '१', '१'],
    ]);
    expect(termsOf(virtual)).toEqual([
      ['परामर्श', '७'],
      ['नयाँ बिरामी', '४'],
      ['फलो-अप बिरामी', '२'],
    ]);
  });
});
