export { dayKey, type DayName, messageDay, messageTime } from '../../lib/messageTime';
