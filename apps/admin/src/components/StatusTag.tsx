import { Tag } from 'antd';
import type { ReactNode } from 'react';

/** What a state means for the operator: to act on, done well, ended badly, in motion, or nothing to do. */
export type Tone = 'attention' | 'success' | 'danger' | 'progress' | 'neutral';

const COLOR: Record<Tone, string> = {
  attention: 'gold',
  success: 'green',
  danger: 'red',
  progress: 'blue',
  neutral: 'default',
};

export function StatusTag({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <Tag color={COLOR[tone]} variant="outlined" data-tone={tone}>
      {children}
    </Tag>
  );
}
