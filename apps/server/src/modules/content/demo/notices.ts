import { type DemoArticle, dedent } from './types';

/** The launch announcement: the first banner links to it. */
export const LAUNCH: DemoArticle = {
  category: 'announcement',
  slug: null,
  products: ['futures', 'options', 'c2c'],
  daysAgo: 21,
  text: {
    en: {
      title: 'Bourse is live: spot, perpetuals and options in one app',
      body: dedent(`
        Welcome to Bourse, an open-source digital-asset exchange.

        From today you can:
        - trade BTC, ETH, BNB, SOL, XRP and DOGE against USDT on the spot market;
        - open perpetual contracts with up to 100× leverage, in cross or isolated margin;
        - join up/down option rounds lasting from 30 seconds to 5 minutes;
        - buy and sell USDT for local currency with verified merchants (C2C).

        Every balance you see is computed by the exchange's own double-entry ledger, and every price on the chart comes from orders matched in our order books. The source code is public, so anyone can check how it works.

        Before you start, take two minutes to secure your account: set a fund password and turn on two-factor verification in the Security centre.

        Thank you for joining us.
      `),
    },
    zh_CN: {
      title: 'Bourse 正式上线：现货、永续合约、期权一站交易',
      body: dedent(`
        欢迎来到 Bourse —— 一个开源的数字资产交易所。

        从今天起，您可以：
        - 在现货市场交易 BTC、ETH、BNB、SOL、XRP 和 DOGE 对 USDT；
        - 开立永续合约，最高 100 倍杠杆，支持全仓和逐仓；
        - 参与 30 秒至 5 分钟的涨跌期权；
        - 通过认证商家用法币买卖 USDT（C2C）。

        您看到的每一笔余额都由交易所自己的复式记账账本计算得出，K 线上的每一个价格都来自我们订单簿中真实撮合的订单。源代码完全公开，任何人都可以查验它的运行方式。

        开始交易前，请花两分钟保护好您的账户：在安全中心设置资金密码并开启双重验证。

        感谢您的加入！
      `),
    },
    zh_HK: {
      title: 'Bourse 正式上線：現貨、永續合約、期權一站式交易',
      body: dedent(`
        歡迎來到 Bourse —— 一個開源的數碼資產交易所。

        由今天起，您可以：
        - 在現貨市場交易 BTC、ETH、BNB、SOL、XRP 及 DOGE 兌 USDT；
        - 開立永續合約，最高 100 倍槓桿，支援全倉及逐倉；
        - 參與 30 秒至 5 分鐘的升跌期權；
        - 透過認證商家以法幣買賣 USDT（C2C）。

        您看到的每一筆結餘，都由交易所自身的複式記賬賬本計算；圖表上的每一個價格，都來自我們訂單簿中真實撮合的訂單。源代碼完全公開，任何人都可以查證它如何運作。

        開始交易前，請花兩分鐘保護您的帳戶：在安全中心設定資金密碼，並開啟雙重驗證。

        多謝您的支持！
      `),
    },
    es: {
      title: 'Bourse ya está en marcha: contado, perpetuos y opciones en una sola app',
      body: dedent(`
        Te damos la bienvenida a Bourse, un exchange de activos digitales de código abierto.

        Desde hoy puedes:
        - operar BTC, ETH, BNB, SOL, XRP y DOGE contra USDT en el mercado al contado;
        - abrir contratos perpetuos con hasta 100× de apalancamiento, en margen cruzado o aislado;
        - participar en rondas de opciones de subida/bajada de 30 segundos a 5 minutos;
        - comprar y vender USDT con moneda local a comerciantes verificados (C2C).

        Cada saldo que ves lo calcula el propio libro contable de partida doble del exchange, y cada precio del gráfico procede de órdenes casadas en nuestros libros de órdenes. El código fuente es público: cualquiera puede comprobar cómo funciona.

        Antes de empezar, dedica dos minutos a proteger tu cuenta: crea una contraseña de fondos y activa la verificación en dos pasos en el Centro de seguridad.

        Gracias por unirte a nosotros.
      `),
    },
    fr: {
      title: 'Bourse est en ligne : comptant, perpétuels et options dans une seule application',
      body: dedent(`
        Bienvenue sur Bourse, une plateforme d’échange d’actifs numériques open source.

        Dès aujourd’hui, vous pouvez :
        - échanger BTC, ETH, BNB, SOL, XRP et DOGE contre USDT sur le marché au comptant ;
        - ouvrir des contrats perpétuels avec un effet de levier jusqu’à 100×, en marge croisée ou isolée ;
        - participer à des options hausse/baisse sur des périodes de 30 secondes à 5 minutes ;
        - acheter et vendre de l’USDT en monnaie locale auprès de marchands vérifiés (C2C).

        Chaque solde affiché est calculé par le registre comptable en partie double de la plateforme, et chaque prix du graphique provient d’ordres réellement exécutés dans nos carnets d’ordres. Le code source est public : chacun peut vérifier son fonctionnement.

        Avant de commencer, prenez deux minutes pour sécuriser votre compte : définissez un mot de passe des fonds et activez la validation en deux étapes dans le Centre de sécurité.

        Merci de nous avoir rejoints.
      `),
    },
  },
};

const LISTING: DemoArticle = {
  category: 'announcement',
  slug: null,
  daysAgo: 12,
  text: {
    en: {
      title: 'New listings: TRX/USDT and LTC/USDT spot markets',
      body: dedent(`
        We are adding two spot markets:
        - TRX/USDT
        - LTC/USDT

        Deposits of TRX and LTC are open now, so you can move funds in ahead of time. Trading opens with market makers quoting from the first minute.

        As with every new market, prices can move sharply in the first hours. Prefer limit orders and size your trades with care.

        Perpetual contracts on these pairs are not available yet; we will announce them separately.
      `),
    },
    zh_CN: {
      title: '新币上线：TRX/USDT、LTC/USDT 现货交易',
      body: dedent(`
        我们将新增两个现货交易对：
        - TRX/USDT
        - LTC/USDT

        TRX 和 LTC 现已开放充币，您可以提前转入资产。交易开放后，做市商将从第一分钟起提供报价。

        与所有新上线的市场一样，开盘后数小时内价格可能剧烈波动。建议使用限价单，并谨慎控制仓位。

        上述交易对的永续合约暂未开放，届时将另行公告。
      `),
    },
    zh_HK: {
      title: '新幣上線：TRX/USDT、LTC/USDT 現貨交易',
      body: dedent(`
        我們將新增兩個現貨交易對：
        - TRX/USDT
        - LTC/USDT

        TRX 及 LTC 現已開放充幣，您可以預先轉入資產。交易開放後，做市商會由第一分鐘起提供報價。

        如同所有新上線的市場，開市後數小時內價格可能大幅波動。建議使用限價單，並審慎控制倉位。

        上述交易對的永續合約暫未開放，屆時將另行公佈。
      `),
    },
    es: {
      title: 'Nuevos listados: mercados al contado TRX/USDT y LTC/USDT',
      body: dedent(`
        Añadimos dos mercados al contado:
        - TRX/USDT
        - LTC/USDT

        Los depósitos de TRX y LTC ya están abiertos, así que puedes transferir fondos con antelación. Desde el primer minuto de negociación habrá creadores de mercado ofreciendo precios.

        Como en todo mercado nuevo, los precios pueden moverse con fuerza durante las primeras horas. Es preferible usar órdenes límite y ajustar bien el tamaño de tus operaciones.

        Los contratos perpetuos de estos pares aún no están disponibles; los anunciaremos por separado.
      `),
    },
    fr: {
      title: 'Nouvelles cotations : marchés au comptant TRX/USDT et LTC/USDT',
      body: dedent(`
        Nous ouvrons deux nouveaux marchés au comptant :
        - TRX/USDT
        - LTC/USDT

        Les dépôts de TRX et de LTC sont déjà ouverts : vous pouvez transférer vos fonds dès maintenant. Des teneurs de marché proposeront des prix dès la première minute de négociation.

        Comme sur tout nouveau marché, les prix peuvent varier fortement pendant les premières heures. Privilégiez les ordres à cours limité et dimensionnez vos positions avec prudence.

        Les contrats perpétuels sur ces paires ne sont pas encore disponibles ; ils feront l’objet d’une annonce séparée.
      `),
    },
  },
};

const MAINTENANCE: DemoArticle = {
  category: 'notice',
  slug: null,
  daysAgo: 4,
  text: {
    en: {
      title: 'Scheduled maintenance on Sunday, 02:00–02:30 (UTC)',
      body: dedent(`
        We will upgrade the trading system on Sunday from 02:00 to 02:30 (UTC).

        During the maintenance:
        - the app stays online, but placing and cancelling orders is paused;
        - open orders and positions are kept as they are, and no position is liquidated while trading is paused;
        - deposits arriving during the window are credited, and pending withdrawals are sent, once the work is done.

        We may finish earlier than planned; this notice will be updated when trading resumes. We apologise for the inconvenience.
      `),
    },
    zh_CN: {
      title: '系统维护公告：周日 02:00–02:30（UTC）',
      body: dedent(`
        我们将于周日 02:00 至 02:30（UTC）升级交易系统。

        维护期间：
        - App 可以正常访问，但暂停下单和撤单；
        - 当前委托和持仓保持不变，暂停交易期间不会触发强制平仓；
        - 维护期间到账的充币将在维护结束后入账，待处理的提币也将在维护结束后发出。

        维护可能提前完成，恢复交易时我们会更新本公告。给您带来的不便，敬请谅解。
      `),
    },
    zh_HK: {
      title: '系統維護公告：星期日 02:00–02:30（UTC）',
      body: dedent(`
        我們將於星期日 02:00 至 02:30（UTC）進行交易系統升級。

        維護期間：
        - 應用程式可照常使用，但暫停落單及取消訂單；
        - 現有委託及持倉維持不變，暫停交易期間不會觸發強制平倉；
        - 期間到賬的充幣會在維護完成後入賬，待處理的提幣亦會在維護完成後發出。

        維護或會提早完成，恢復交易時我們會更新本公告。如有不便，敬請見諒。
      `),
    },
    es: {
      title: 'Mantenimiento programado el domingo de 02:00 a 02:30 (UTC)',
      body: dedent(`
        El domingo, de 02:00 a 02:30 (UTC), actualizaremos el sistema de negociación.

        Durante el mantenimiento:
        - la app sigue disponible, pero no se pueden colocar ni cancelar órdenes;
        - las órdenes abiertas y las posiciones se mantienen, y ninguna posición se liquida mientras la negociación esté en pausa;
        - los depósitos que lleguen en ese intervalo se abonarán, y los retiros pendientes se enviarán, al terminar los trabajos.

        Es posible que terminemos antes de lo previsto; actualizaremos este aviso cuando se reanude la negociación. Disculpa las molestias.
      `),
    },
    fr: {
      title: 'Maintenance programmée dimanche de 02 h 00 à 02 h 30 (UTC)',
      body: dedent(`
        Dimanche, de 02 h 00 à 02 h 30 (UTC), nous mettrons à jour le système de négociation.

        Pendant la maintenance :
        - l’application reste accessible, mais il n’est pas possible de passer ni d’annuler des ordres ;
        - les ordres ouverts et les positions sont conservés, et aucune position n’est liquidée tant que la négociation est suspendue ;
        - les dépôts reçus pendant ce créneau seront crédités, et les retraits en attente envoyés, dès la fin des travaux.

        Nous pourrions terminer plus tôt que prévu ; cet avis sera mis à jour à la reprise de la négociation. Veuillez nous excuser pour la gêne occasionnée.
      `),
    },
  },
};

const PHISHING: DemoArticle = {
  category: 'notice',
  slug: null,
  pinned: true,
  daysAgo: 7,
  text: {
    en: {
      title: 'Security reminder: protect yourself from phishing',
      body: dedent(`
        Scammers copy the look of exchanges to steal passwords and funds. Please remember:
        - Our staff will never ask for your password, fund password, two-factor code or verification code — not by phone, email, chat or social media.
        - Check the address in your browser before you log in. Bookmark it and always open it from the bookmark.
        - Never install "remote support" apps or browser extensions because someone claiming to be support told you to.
        - Be wary of anyone who promises guaranteed returns, or asks you to send coins first to "unlock" a reward.
        - Turn on two-factor verification and set a fund password: even with your login password, nobody can withdraw without them.

        If you think someone else has access to your account, change your login password at once — this signs out every other device — and contact customer service from the app.
      `),
    },
    zh_CN: {
      title: '安全提醒：谨防钓鱼诈骗',
      body: dedent(`
        骗子会仿冒交易所的页面来骗取密码和资产。请牢记：
        - 我们的工作人员绝不会通过电话、邮件、聊天工具或社交媒体向您索要登录密码、资金密码、双重验证码或短信/邮箱验证码。
        - 登录前请核对浏览器中的网址。建议将正确网址加入书签，每次都从书签打开。
        - 不要因为自称客服的人要求，就安装任何“远程协助”软件或浏览器插件。
        - 警惕任何承诺“稳赚不赔”，或要求您先转币才能“解锁”奖励的人。
        - 开启双重验证并设置资金密码：即使登录密码泄露，没有它们也无法提币。

        如果您怀疑账户已被他人登录，请立即修改登录密码（这会让其他所有设备退出登录），并通过 App 联系客服。
      `),
    },
    zh_HK: {
      title: '安全提示：提防釣魚詐騙',
      body: dedent(`
        騙徒會仿冒交易所的介面來騙取密碼及資產。請緊記：
        - 我們的職員絕不會透過電話、電郵、聊天程式或社交媒體，向您索取登入密碼、資金密碼、雙重驗證碼或短訊／電郵驗證碼。
        - 登入前請核對瀏覽器中的網址。建議將正確網址加入書籤，每次都由書籤開啟。
        - 切勿因自稱客服的人要求，而安裝任何「遙距支援」程式或瀏覽器擴充功能。
        - 小心任何聲稱「保證回報」，或要求您先轉幣才能「解鎖」獎勵的人。
        - 開啟雙重驗證並設定資金密碼：即使登入密碼外洩，沒有它們亦無法提幣。

        如懷疑帳戶已被他人登入，請立即更改登入密碼（所有其他裝置會因此登出），並透過應用程式聯絡客服。
      `),
    },
    es: {
      title: 'Recordatorio de seguridad: protégete del phishing',
      body: dedent(`
        Los estafadores imitan el aspecto de los exchanges para robar contraseñas y fondos. Recuerda:
        - Nuestro personal nunca te pedirá tu contraseña, tu contraseña de fondos, tu código de doble factor ni ningún código de verificación, ni por teléfono, ni por correo, chat o redes sociales.
        - Comprueba la dirección del navegador antes de iniciar sesión. Guárdala en marcadores y ábrela siempre desde ahí.
        - No instales aplicaciones de "asistencia remota" ni extensiones del navegador porque te lo pida alguien que dice ser del soporte.
        - Desconfía de quien prometa ganancias garantizadas o te pida enviar criptomonedas primero para "desbloquear" una recompensa.
        - Activa la verificación en dos pasos y crea una contraseña de fondos: aunque alguien tenga tu contraseña de acceso, no podrá retirar sin ellas.

        Si crees que alguien más ha accedido a tu cuenta, cambia tu contraseña de acceso de inmediato (así se cierra la sesión en todos los demás dispositivos) y contacta con atención al cliente desde la app.
      `),
    },
    fr: {
      title: 'Rappel de sécurité : protégez-vous contre l’hameçonnage',
      body: dedent(`
        Les escrocs imitent l’apparence des plateformes d’échange pour voler mots de passe et fonds. Rappelez-vous :
        - Notre équipe ne vous demandera jamais votre mot de passe, votre mot de passe des fonds, votre code de double authentification ni un code de vérification — ni par téléphone, ni par e-mail, messagerie ou réseaux sociaux.
        - Vérifiez l’adresse dans votre navigateur avant de vous connecter. Ajoutez-la à vos favoris et ouvrez-la toujours depuis ceux-ci.
        - N’installez jamais d’application d’« assistance à distance » ni d’extension de navigateur à la demande d’une personne se présentant comme le support.
        - Méfiez-vous de quiconque promet des gains garantis ou vous demande d’envoyer d’abord des cryptomonnaies pour « débloquer » une récompense.
        - Activez la validation en deux étapes et définissez un mot de passe des fonds : même avec votre mot de passe de connexion, personne ne pourra retirer sans eux.

        Si vous pensez que quelqu’un d’autre a accès à votre compte, changez immédiatement votre mot de passe de connexion — tous les autres appareils seront déconnectés — et contactez le service client depuis l’application.
      `),
    },
  },
};

const FEES: DemoArticle = {
  category: 'announcement',
  slug: null,
  daysAgo: 16,
  text: {
    en: {
      title: 'Trading fee schedule',
      body: dedent(`
        These fees apply to every account.

        # Spot
        - Maker 0.10%, taker 0.10% of the traded value.

        # Perpetual contracts
        - Maker 0.02%, taker 0.05% of the position value.
        - Funding is exchanged between long and short holders every 8 hours; the exchange takes no share of it.

        # Deposits and withdrawals
        - Deposits are free.
        - Withdrawals pay a network fee that depends on the coin and the network; it is shown before you confirm.

        The fee of every trade appears in its order details. If the schedule changes, we will announce it here at least 7 days in advance.
      `),
    },
    zh_CN: {
      title: '交易手续费标准',
      body: dedent(`
        以下费率适用于所有账户。

        # 现货
        - 挂单（Maker）0.10%，吃单（Taker）0.10%，按成交额计算。

        # 永续合约
        - 挂单 0.02%，吃单 0.05%，按仓位价值计算。
        - 资金费每 8 小时在多空持仓者之间互相支付，平台不从中收取任何费用。

        # 充币与提币
        - 充币免费。
        - 提币需支付网络手续费，金额因币种和网络而异，确认前会明确显示。

        每笔成交的手续费都可以在订单详情中查看。如费率调整，我们将至少提前 7 天在此公告。
      `),
    },
    zh_HK: {
      title: '交易手續費標準',
      body: dedent(`
        以下收費適用於所有帳戶。

        # 現貨
        - 掛單（Maker）0.10%，吃單（Taker）0.10%，按成交額計算。

        # 永續合約
        - 掛單 0.02%，吃單 0.05%，按倉位價值計算。
        - 資金費每 8 小時於好倉及淡倉持有人之間互相支付，平台不會從中收取任何費用。

        # 充幣及提幣
        - 充幣免費。
        - 提幣需支付網絡手續費，金額視乎幣種及網絡而定，確認前會清楚列明。

        每筆成交的手續費均可在訂單詳情中查看。如收費有變，我們會最少提前 7 日在此公佈。
      `),
    },
    es: {
      title: 'Tabla de comisiones de negociación',
      body: dedent(`
        Estas comisiones se aplican a todas las cuentas.

        # Al contado
        - Creador (maker) 0,10 %, tomador (taker) 0,10 % del valor negociado.

        # Contratos perpetuos
        - Creador 0,02 %, tomador 0,05 % del valor de la posición.
        - La financiación se intercambia cada 8 horas entre quienes tienen posiciones largas y cortas; el exchange no se queda con ninguna parte.

        # Depósitos y retiros
        - Los depósitos son gratuitos.
        - Los retiros pagan una comisión de red que depende de la moneda y de la red; se muestra antes de confirmar.

        La comisión de cada operación figura en el detalle de la orden. Si la tabla cambia, lo anunciaremos aquí con al menos 7 días de antelación.
      `),
    },
    fr: {
      title: 'Barème des frais de négociation',
      body: dedent(`
        Ces frais s’appliquent à tous les comptes.

        # Comptant
        - Maker 0,10 %, taker 0,10 % de la valeur échangée.

        # Contrats perpétuels
        - Maker 0,02 %, taker 0,05 % de la valeur de la position.
        - Le financement est échangé toutes les 8 heures entre les détenteurs de positions longues et courtes ; la plateforme n’en perçoit aucune part.

        # Dépôts et retraits
        - Les dépôts sont gratuits.
        - Les retraits supportent des frais de réseau qui dépendent de la cryptomonnaie et du réseau ; ils sont affichés avant la confirmation.

        Les frais de chaque transaction figurent dans le détail de l’ordre. En cas de modification du barème, nous l’annoncerons ici au moins 7 jours à l’avance.
      `),
    },
  },
};

const CHECK_IN: DemoArticle = {
  category: 'announcement',
  slug: null,
  products: ['rewards'],
  daysAgo: 2,
  text: {
    en: {
      title: 'Daily check-in: a 7-day streak doubles your reward',
      body: dedent(`
        Open the Check-in page once a day to collect a reward in your gold wallet.

        - The reward is credited as soon as you check in.
        - Check in 7 days in a row and the reward for the 7th day is doubled.
        - Miss a day and the streak starts again from day 1.

        Every reward appears in the records of your gold wallet.
      `),
    },
    zh_CN: {
      title: '每日签到：连续签到 7 天奖励翻倍',
      body: dedent(`
        每天打开签到页面签到一次，即可领取奖励，奖励发放到您的金币钱包。

        - 签到成功后奖励立即到账。
        - 连续签到 7 天，第 7 天的奖励翻倍。
        - 中断一天，连续天数将从第 1 天重新计算。

        每一笔奖励都可以在金币钱包的记录中查看。
      `),
    },
    zh_HK: {
      title: '每日簽到：連續簽到 7 日獎勵加倍',
      body: dedent(`
        每日打開簽到頁面簽到一次，即可領取獎勵，獎勵會存入您的金幣錢包。

        - 簽到成功後獎勵即時到賬。
        - 連續簽到 7 日，第 7 日的獎勵加倍。
        - 中斷一日，連續日數會由第 1 日重新計算。

        每一筆獎勵均可在金幣錢包的紀錄中查看。
      `),
    },
    es: {
      title: 'Registro diario: 7 días seguidos duplican tu recompensa',
      body: dedent(`
        Entra una vez al día en la página de registro diario para recibir una recompensa en tu billetera oro.

        - La recompensa se abona en cuanto te registras.
        - Si te registras 7 días seguidos, la recompensa del 7.º día se duplica.
        - Si te saltas un día, la racha vuelve a empezar desde el día 1.

        Todas las recompensas aparecen en el historial de tu billetera oro.
      `),
    },
    fr: {
      title: 'Pointage quotidien : 7 jours d’affilée doublent votre récompense',
      body: dedent(`
        Ouvrez la page de pointage une fois par jour pour recevoir une récompense dans votre portefeuille or.

        - La récompense est créditée dès que vous pointez.
        - Pointez 7 jours d’affilée et la récompense du 7e jour est doublée.
        - Si vous manquez un jour, la série recommence au jour 1.

        Chaque récompense apparaît dans l’historique de votre portefeuille or.
      `),
    },
  },
};

const FUNDING: DemoArticle = {
  category: 'swap',
  slug: null,
  products: ['futures'],
  daysAgo: 10,
  text: {
    en: {
      title: 'Funding is settled every 8 hours',
      body: dedent(`
        Perpetual contracts never expire. To keep their price close to the index price, holders of long and short positions pay each other a funding fee every 8 hours, at 00:00, 08:00 and 16:00 (UTC).

        - When the funding rate is positive, longs pay shorts; when it is negative, shorts pay longs.
        - Only positions open at the settlement time pay or receive funding. A position closed before then pays nothing for that period.
        - Funding = position value × funding rate. The exchange keeps none of it.

        The current rate and the countdown to the next settlement are shown on the futures page.
      `),
    },
    zh_CN: {
      title: '资金费每 8 小时结算一次',
      body: dedent(`
        永续合约没有到期日。为了让合约价格贴近指数价格，多空双方每 8 小时互相支付一次资金费，结算时间为 00:00、08:00 和 16:00（UTC）。

        - 资金费率为正时，多头支付给空头；为负时，空头支付给多头。
        - 只有在结算时刻仍持有仓位才需要支付或收取资金费。在结算前平仓，则该期无需支付。
        - 资金费 = 仓位价值 × 资金费率。平台不从中收取任何费用。

        当前费率和距下次结算的倒计时显示在合约页面上。
      `),
    },
    zh_HK: {
      title: '資金費每 8 小時結算一次',
      body: dedent(`
        永續合約沒有到期日。為了令合約價格貼近指數價格，好倉及淡倉持有人每 8 小時互相支付一次資金費，結算時間為 00:00、08:00 及 16:00（UTC）。

        - 資金費率為正數時，好倉向淡倉支付；為負數時，淡倉向好倉支付。
        - 只有在結算時仍持有倉位，才需支付或收取資金費。於結算前平倉，該期便毋須支付。
        - 資金費 = 倉位價值 × 資金費率。平台不會從中收取任何費用。

        現時費率及距離下次結算的倒數會顯示在合約頁面。
      `),
    },
    es: {
      title: 'La financiación se liquida cada 8 horas',
      body: dedent(`
        Los contratos perpetuos no vencen nunca. Para que su precio se mantenga cerca del precio índice, quienes tienen posiciones largas y cortas se pagan entre sí una tasa de financiación cada 8 horas: a las 00:00, 08:00 y 16:00 (UTC).

        - Si la tasa es positiva, los largos pagan a los cortos; si es negativa, los cortos pagan a los largos.
        - Solo las posiciones abiertas en el momento de la liquidación pagan o cobran. Si cierras antes, no pagas nada por ese periodo.
        - Financiación = valor de la posición × tasa de financiación. El exchange no se queda con nada.

        La tasa actual y la cuenta atrás hasta la próxima liquidación se muestran en la página de futuros.
      `),
    },
    fr: {
      title: 'Le financement est réglé toutes les 8 heures',
      body: dedent(`
        Les contrats perpétuels n’expirent jamais. Pour que leur prix reste proche du prix de l’indice, les détenteurs de positions longues et courtes se versent mutuellement des frais de financement toutes les 8 heures, à 00 h 00, 08 h 00 et 16 h 00 (UTC).

        - Lorsque le taux est positif, les positions longues paient les courtes ; lorsqu’il est négatif, les courtes paient les longues.
        - Seules les positions ouvertes au moment du règlement paient ou reçoivent le financement. Une position fermée avant ne paie rien pour cette période.
        - Financement = valeur de la position × taux de financement. La plateforme n’en conserve rien.

        Le taux actuel et le compte à rebours jusqu’au prochain règlement sont affichés sur la page des contrats.
      `),
    },
  },
};

const LIQUIDATION: DemoArticle = {
  category: 'swap',
  slug: null,
  products: ['futures'],
  pinned: true,
  daysAgo: 18,
  text: {
    en: {
      title: 'Before you trade perpetuals: leverage, mark price and liquidation',
      body: dedent(`
        Leverage magnifies gains and losses alike. Please read how liquidation works before you open a position.

        - Liquidation is triggered by the mark price, which follows the index price, not by the last trade. A brief spike in the order book alone does not liquidate you.
        - In isolated margin, only the margin of that position is at risk. In cross margin, the whole balance of your contract wallet backs all your positions.
        - The higher the leverage, the closer the liquidation price is to your entry price. At 100×, a move of less than 1% against you can close the position.
        - Set a stop-loss with every position, and add margin when the risk level rises.

        Contract trading carries a high risk and is not suitable for everyone. Only use money you can afford to lose.
      `),
    },
    zh_CN: {
      title: '交易永续合约前必读：杠杆、标记价格与强平',
      body: dedent(`
        杠杆会同时放大盈利和亏损。开仓前，请先了解强制平仓的规则。

        - 强平由标记价格触发。标记价格跟随指数价格，而不是最新成交价，因此订单簿上的短暂插针不会直接导致强平。
        - 逐仓模式下，只有该仓位的保证金承担风险；全仓模式下，合约钱包的全部余额为所有仓位共同担保。
        - 杠杆越高，强平价格离开仓价越近。使用 100 倍杠杆时，价格反向波动不到 1% 就可能导致仓位被强平。
        - 每笔仓位都建议设置止损；风险率升高时请及时追加保证金。

        合约交易风险极高，并不适合所有人。请仅使用您能承受损失的资金。
      `),
    },
    zh_HK: {
      title: '買賣永續合約前必讀：槓桿、標記價格與強制平倉',
      body: dedent(`
        槓桿會同時放大盈利及虧損。開倉前，請先了解強制平倉的規則。

        - 強制平倉由標記價格觸發。標記價格跟隨指數價格，而非最新成交價，因此訂單簿上的短暫急升急跌不會直接導致平倉。
        - 逐倉模式下，只有該倉位的保證金承擔風險；全倉模式下，合約錢包的全部結餘會為所有倉位共同擔保。
        - 槓桿越高，強平價格離開倉價越近。使用 100 倍槓桿時，價格逆向波動不足 1% 已可能令倉位被平倉。
        - 建議每個倉位都設定止蝕；風險率上升時請及時追加保證金。

        合約交易風險極高，並不適合所有人。請只使用您能承受損失的資金。
      `),
    },
    es: {
      title: 'Antes de operar perpetuos: apalancamiento, precio de marca y liquidación',
      body: dedent(`
        El apalancamiento multiplica tanto las ganancias como las pérdidas. Lee cómo funciona la liquidación antes de abrir una posición.

        - La liquidación la activa el precio de marca, que sigue al precio índice, no la última operación. Un pico momentáneo en el libro de órdenes no basta para liquidarte.
        - Con margen aislado, solo está en riesgo el margen de esa posición. Con margen cruzado, todo el saldo de tu billetera de contratos respalda todas tus posiciones.
        - Cuanto mayor es el apalancamiento, más cerca está el precio de liquidación del de entrada. Con 100×, un movimiento en contra de menos del 1 % puede cerrar la posición.
        - Pon un stop-loss en cada posición y añade margen cuando suba el nivel de riesgo.

        Operar con contratos conlleva un riesgo elevado y no es adecuado para todo el mundo. Usa solo dinero que puedas permitirte perder.
      `),
    },
    fr: {
      title: 'Avant de trader des perpétuels : levier, prix de marque et liquidation',
      body: dedent(`
        L’effet de levier amplifie autant les gains que les pertes. Prenez le temps de lire comment fonctionne la liquidation avant d’ouvrir une position.

        - La liquidation est déclenchée par le prix de marque, qui suit le prix de l’indice, et non par la dernière transaction. Un pic passager dans le carnet d’ordres ne suffit pas à vous liquider.
        - En marge isolée, seule la marge de la position est exposée. En marge croisée, tout le solde de votre portefeuille contrats garantit l’ensemble de vos positions.
        - Plus le levier est élevé, plus le prix de liquidation est proche du prix d’entrée. À 100×, un mouvement défavorable de moins de 1 % peut fermer la position.
        - Placez un stop-loss sur chaque position et ajoutez de la marge lorsque le niveau de risque augmente.

        Le trading de contrats comporte un risque élevé et ne convient pas à tout le monde. N’utilisez que des sommes que vous pouvez vous permettre de perdre.
      `),
    },
  },
};

/** Home ticker and list: notices and announcements. */
export const DEMO_NOTICES: readonly DemoArticle[] = [LAUNCH, LISTING, MAINTENANCE, PHISHING, FEES, CHECK_IN];

/** Shown on the futures page. */
export const DEMO_SWAP_NOTICES: readonly DemoArticle[] = [FUNDING, LIQUIDATION];
