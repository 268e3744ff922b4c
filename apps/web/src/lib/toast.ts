import { TOAST_MS } from '@bourse/contract';
import { Toast } from 'antd-mobile';

/** Every toast of the app: plain text, 1500 ms (spec §9). */
export function toast(content: string, icon?: 'success' | 'fail'): void {
  Toast.show({ content, icon, duration: TOAST_MS });
}
