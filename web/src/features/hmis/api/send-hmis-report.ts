import { useMutation } from '@tanstack/react-query';
import { sendReportSchema, type SendReport, type SendResult } from '@shared/hmis';
import { apiFetch } from '@/lib/api-client';

/** Posts the month's report to the server's DHIS2, or only asks it what it would do (`dryRun`). */
export function sendHmisReport(input: SendReport): Promise<SendResult> {
  return apiFetch<SendResult>('/api/hmis/report/send', {
    method: 'POST',
    body: JSON.stringify(sendReportSchema.parse(input)),
  });
}

export const useSendHmisReport = () =>
  useMutation({ mutationFn: sendHmisReport, networkMode: 'always' });
