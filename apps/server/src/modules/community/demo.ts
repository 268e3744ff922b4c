import type { ChatRoomKey } from '@bourse/contract';
import type { Services } from '../../platform/module';
import type { CommunityService } from './service';

/** The people of the demo conversation: ordinary demo accounts with a nickname (they cannot sign in). */
const PEOPLE = [
  { account: 'chat-satoshi@bourse.local', nickname: 'SatsStacker' },
  { account: 'chat-luna@bourse.local', nickname: 'LunaWhale' },
  { account: 'chat-kai@bourse.local', nickname: 'KaiTrades' },
  { account: 'chat-mei@bourse.local', nickname: '小梅' },
  { account: 'chat-wing@bourse.local', nickname: '阿榮' },
  { account: 'chat-sofia@bourse.local', nickname: 'SofiaCripto' },
  { account: 'chat-hugo@bourse.local', nickname: 'HugoBTC' },
] as const;
type Person = (typeof PEOPLE)[number]['nickname'];

/** [who, what] in order; the English room is long enough to scroll back through more than one page. */
const CONVERSATIONS: Record<ChatRoomKey, readonly (readonly [Person, string])[]> = {
  en: [
    ['SatsStacker', 'Morning all. BTC held the support overnight.'],
    ['LunaWhale', 'Morning! Funding is slightly positive again on the perps.'],
    ['KaiTrades', 'Longs paying shorts, as usual after a green week.'],
    ['SatsStacker', 'I am just stacking spot, not touching leverage this month.'],
    ['LunaWhale', 'Wise. I got liquidated on a 50x once, never again.'],
    ['KaiTrades', 'Isolated margin saved me more than once.'],
    ['HugoBTC', 'Has anyone tried the up/down options here? 60 s rounds look fun.'],
    ['KaiTrades', 'Yes, the open and close are the index price, you can check every round.'],
    ['HugoBTC', 'Nice, I like that it is verifiable.'],
    ['LunaWhale', 'Same with the mystery box, the seeds get revealed when you rotate.'],
    ['SatsStacker', 'Did the check-in streak today, day 5.'],
    ['LunaWhale', 'Day 7 pays double, don’t miss it.'],
    ['SatsStacker', 'Setting a reminder now.'],
    ['KaiTrades', 'ETH/BTC ratio looks like it wants to break out.'],
    ['HugoBTC', 'Been saying that for a year 😅'],
    ['KaiTrades', 'One day it will be right.'],
    ['LunaWhale', 'What is everyone’s plan for SOL?'],
    ['SatsStacker', 'Small bag, holding.'],
    ['HugoBTC', 'Trading the range, buying near the lows.'],
    ['KaiTrades', 'I put some USDT in the flexible earn product meanwhile.'],
    ['LunaWhale', 'How is the yield?'],
    ['KaiTrades', 'Accrues daily, you can see it in the records.'],
    ['SatsStacker', 'C2C worked well for me yesterday, paid by bank card, coins released in a few minutes.'],
    ['HugoBTC', 'Good to hear. Always check the merchant’s completion rate.'],
    ['LunaWhale', 'And never pay outside the order chat.'],
    ['KaiTrades', '+1, support answered my question in the app within minutes too.'],
    ['SatsStacker', 'BTC just tapped the daily high.'],
    ['HugoBTC', 'Volume is picking up on the 15m chart.'],
    ['LunaWhale', 'Careful, the funding flips in an hour.'],
    ['KaiTrades', 'Closing half of my long here, taking profit.'],
    ['SatsStacker', 'Congrats!'],
    ['HugoBTC', 'Anyone using the grid of limit orders on spot?'],
    ['LunaWhale', 'Post-only orders help with the maker fee.'],
    ['KaiTrades', 'Good tip. Which pairs are you watching this week?'],
    ['SatsStacker', 'BTC and ETH, nothing fancy.'],
    ['HugoBTC', 'DOGE, for entertainment.'],
    ['LunaWhale', 'Welcome to everyone new here 👋 Be kind, and report spam with a long press.'],
    ['KaiTrades', 'Have a good session everyone, trade safe.'],
  ],
  zh_CN: [
    ['小梅', '大家早上好，今天行情怎么样？'],
    ['阿榮', 'BTC 昨晚守住了支撑，现在横盘。'],
    ['KaiTrades', '资金费率又转正了，多头在付钱。'],
    ['小梅', '我今天签到第 6 天了，明天双倍奖励 🎉'],
    ['阿榮', '记得别断签，断了要从头开始。'],
    ['小梅', '盲盒开到了 5 USDT，还能验证公平性，挺好玩的。'],
    ['KaiTrades', 'C2C 买币记得只在订单聊天里沟通。'],
    ['阿榮', '同意，安全第一。祝大家交易顺利！'],
  ],
  zh_HK: [
    ['阿榮', '各位早晨！今日 BTC 有冇睇頭？'],
    ['小梅', '昨晚守住支撐，而家喺區間上落。'],
    ['阿榮', '我用咗逐倉，風險易控好多。'],
    ['小梅', '合約記得睇清強平價呀。'],
    ['KaiTrades', '期權 60 秒一局，開盤收盤都係指數價，可以逐局核對。'],
    ['阿榮', '多謝分享，祝大家交易順利！'],
  ],
  es: [
    ['SofiaCripto', '¡Buenos días! ¿Cómo veis el BTC hoy?'],
    ['HugoBTC', 'Aguantó el soporte anoche, ahora lateral.'],
    ['SofiaCripto', 'Yo sigo comprando poco a poco en spot.'],
    ['KaiTrades', 'La financiación de los perpetuos volvió a ser positiva.'],
    ['SofiaCripto', 'Hoy hice el check-in, día 4 de la racha.'],
    ['HugoBTC', 'El día 7 paga el doble, ¡no lo olvides!'],
    ['SofiaCripto', 'Gracias, ¡buen trading a todos!'],
  ],
  fr: [
    ['HugoBTC', 'Salut tout le monde ! Le BTC a tenu son support cette nuit.'],
    ['SofiaCripto', 'Bonjour ! Le financement des perpétuels est repassé positif.'],
    ['HugoBTC', 'Je reste en spot, pas de levier ce mois-ci.'],
    ['KaiTrades', 'La marge isolée m’a sauvé plus d’une fois.'],
    ['SofiaCripto', 'Quelqu’un a essayé la boîte mystère ? On peut vérifier chaque tirage.'],
    ['HugoBTC', 'Oui, les graines sont révélées à la rotation. Bon trading à tous !'],
  ],
};

/** A minute and a half between messages on average, the last one a few minutes before the install started. */
const GAP_MS = 90_000;

/** Writes the demo conversation into every room that is still empty (idempotent). */
export async function seedChatDemo(community: CommunityService, account: Services['account']): Promise<void> {
  const rooms = (Object.keys(CONVERSATIONS) as ChatRoomKey[]).filter((room) => community.roomIsEmpty(room));
  if (rooms.length === 0) return;
  const uids = new Map<Person, number>();
  for (const person of PEOPLE) {
    const existing = account.findByAccount(person.account);
    const uid =
      existing?.uid ??
      (await account.createUser({
        account: person.account,
        password: `chat-demo-${Math.random().toString(36).slice(2)}-${Date.now()}`,
        nickname: person.nickname,
      }));
    uids.set(person.nickname, uid);
  }
  for (const room of rooms) {
    const lines = CONVERSATIONS[room];
    lines.forEach(([who, text], index) => {
      const uid = uids.get(who);
      if (uid === undefined) return;
      // Uneven gaps read more like people than a metronome does.
      const ago = 5 * 60_000 + (lines.length - 1 - index) * GAP_MS + ((index * 37) % 50) * 1000;
      community.seedMessage(uid, room, text, ago);
    });
  }
}
