import { FlowTodayCard } from './FlowTodayCard';

/** Deposits since the start of the day (UTC). */
export default function DepositsTodayCard() {
  return <FlowTodayCard flow="deposits" />;
}
