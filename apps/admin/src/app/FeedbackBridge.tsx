import { App } from 'antd';
import { useEffect } from 'react';
import { registerFeedback } from '../lib/feedback';

/** Lends the themed `message` API (inside antd's <App>) to code outside React: the API client's failed calls. */
export function FeedbackBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    registerFeedback({ error: (text) => void message.error(text), success: (text) => void message.success(text) });
    return () => registerFeedback(null);
  }, [message]);
  return null;
}
