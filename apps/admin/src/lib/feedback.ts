/**
 * Messages shown from outside React (the API client's failed calls). The shell registers antd's themed `message`
 * API here once it is mounted (`app/FeedbackBridge`); before that, a message goes to the console.
 */
type Show = (text: string) => void;

let showError: Show | null = null;
let showSuccess: Show | null = null;

export function registerFeedback(handlers: { error: Show; success: Show } | null): void {
  showError = handlers?.error ?? null;
  showSuccess = handlers?.success ?? null;
}

export function notifyError(text: string): void {
  if (showError) showError(text);
  else console.warn(text);
}

export function notifySuccess(text: string): void {
  showSuccess?.(text);
}
