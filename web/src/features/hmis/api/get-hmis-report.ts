import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { reportQuerySchema, type HmisReport } from '@shared/hmis';
import { apiFetch } from '@/lib/api-client';
import { hmisKeys } from './hmis-keys';

/** The month's report (`period` YYYYMM); absent, the last complete month, as the server counts it. */
export function getHmisReport(period: string | undefined): Promise<HmisReport> {
  const query = reportQuerySchema.parse({ period });
  const search = query.period === undefined ? '' : `?period=${query.period}`;
  return apiFetch<HmisReport>(`/api/hmis/report${search}`);
}

export const hmisReportQuery = (period: string | undefined) =>
  queryOptions({
    queryKey: hmisKeys.report(period),
    queryFn: () => getHmisReport(period),
    placeholderData: keepPreviousData,
  });

export const useHmisReport = (period: string | undefined) => useQuery(hmisReportQuery(period));
