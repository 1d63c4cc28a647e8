import { useMutation } from '@tanstack/react-query';
import { sendPhoneCode } from '@/lib/phone-number';

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}
