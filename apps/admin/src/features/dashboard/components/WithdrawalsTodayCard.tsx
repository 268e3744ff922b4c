import { FlowTodayCard } from './FlowTodayCard';

/** Withdrawals since the start of the day (UTC). */
export default function WithdrawalsTodayCard() {
  return <FlowTodayCard flow="withdrawals" />;
}
