import { commonLocales } from './locales';
import { toast } from './toast';

function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/** Copies text and says so: "Content copied" or "Copy failed, please copy manually" (spec §8). */
export async function copyText(text: string): Promise<boolean> {
  let ok = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      ok = true;
    } else {
      ok = legacyCopy(text);
    }
  } catch {
    ok = legacyCopy(text);
  }
  toast(commonLocales.t(ok ? 'copied' : 'copyFailed'), ok ? 'success' : 'fail');
  return ok;
}

/** Reads the clipboard (to paste an address or a code); on failure says "Reading failed, please paste manually". */
export async function readText(): Promise<string | null> {
  try {
    if (!navigator.clipboard?.readText) throw new Error('clipboard reading unavailable');
    return await navigator.clipboard.readText();
  } catch {
    toast(commonLocales.t('readFailed'), 'fail');
    return null;
  }
}
