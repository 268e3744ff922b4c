import { type DemoArticle, dedent } from './types';

export const TERMS: DemoArticle = {
  category: 'document',
  slug: 'terms',
  daysAgo: 21,
  text: {
    en: {
      title: 'Terms of Service',
      body: dedent(`
        # 1. About these terms
        These terms govern your use of this exchange service (the "Service"). The Service runs on Bourse, open-source exchange software, and is run by its operator ("we", "us"), who is the party you enter into this agreement with. The authors of the Bourse software do not run the Service, do not hold your assets and take no part in your trades.

        # 2. Who may use the Service
        - You must be at least 18 years old and legally able to enter into a contract.
        - You may not use the Service where trading digital assets, or any product we offer, is against the law, or if you are subject to sanctions.
        - We may ask you to verify your identity, and may limit features such as C2C trading or withdrawals until you have done so.

        # 3. Your account
        - Keep your login password, fund password and two-factor device safe. You are responsible for everything done with your account.
        - One person, one account. Accounts may not be sold, lent or shared.
        - Tell us at once if you suspect that someone else is using your account.

        # 4. Trading
        - An order is binding once it is matched. Trades settle on our ledger immediately and cannot be reversed, except to correct an obvious technical error.
        - Fees are published in the app and shown before you confirm an order.
        - We may suspend a market, cancel open orders or pause deposits and withdrawals for maintenance, security or legal reasons. We will tell you as soon as we can.

        # 5. Risks
        - Digital-asset prices are highly volatile. You can lose all of the funds you trade.
        - Perpetual contracts use leverage: a small price move can liquidate your position and cost you its whole margin. In an up/down option you can lose your entire stake in minutes.
        - Nothing in the Service is investment, tax or legal advice. Make your own decisions and only trade with money you can afford to lose.
        - Blockchain transfers are final. A withdrawal sent to a wrong address or network cannot be recovered.

        # 6. Prohibited use
        You may not use the Service for money laundering, terrorist financing, fraud or market manipulation (such as wash trading or spoofing), to attack or overload our systems, or to get around limits or sanctions. We may freeze funds and close accounts involved in such use, and report it to the authorities where the law requires.

        # 7. Deposits, withdrawals and security holds
        Withdrawals may be reviewed before they are sent. For your protection, they are held for 24 hours after you change your login password or a withdrawal address.

        # 8. Availability and liability
        We work to keep the Service available and your assets safe, but the Service is provided "as is". As far as the law allows, we are not liable for losses caused by market movements, by events beyond our reasonable control, or by your failure to keep your credentials safe.

        # 9. A note for operators of Bourse
        Bourse is free software. Whoever runs it for the public is the operator of that service and is solely responsible for licences and registrations, customer identification, anti-money-laundering controls, tax and consumer protection in every jurisdiction where the service is offered. This text is a starting point: have it reviewed by a lawyer before you use it.

        # 10. Changes and contact
        We may update these terms. Significant changes will be announced in the app at least 7 days before they take effect; if you keep using the Service after that, you accept the new terms. For any question, contact customer service in the app.
      `),
    },
    zh_CN: {
      title: '用户服务协议',
      body: dedent(`
        # 1. 关于本协议
        本协议适用于您对本交易服务（以下简称“本服务”）的使用。本服务基于开源交易所软件 Bourse 运行，由其运营方（以下简称“我们”）负责运营，运营方即与您订立本协议的一方。Bourse 软件的作者并不运营本服务，不保管您的资产，也不参与您的任何交易。

        # 2. 使用资格
        - 您须年满 18 周岁，并具有订立合同的完全民事行为能力。
        - 如果在您所在地交易数字资产或我们提供的任何产品属于违法行为，或您属于制裁对象，则不得使用本服务。
        - 我们可能要求您完成身份认证，并在认证完成前限制部分功能，例如 C2C 交易或提币。

        # 3. 您的账户
        - 请妥善保管您的登录密码、资金密码及双重验证设备。通过您账户进行的一切操作均由您负责。
        - 一人一户。账户不得出售、出借或与他人共用。
        - 如怀疑账户被他人使用，请立即通知我们。

        # 4. 交易
        - 订单一经撮合即具有约束力。成交在我们的账本上即时结算，除更正明显的技术错误外，不可撤销。
        - 手续费标准在 App 内公布，并在您确认下单前显示。
        - 出于维护、安全或法律原因，我们可能暂停某个市场、撤销挂单，或暂停充币和提币，并会尽快通知您。

        # 5. 风险提示
        - 数字资产价格波动剧烈，您可能损失全部交易资金。
        - 永续合约使用杠杆：价格小幅波动即可能导致仓位被强制平仓，损失该仓位的全部保证金。参与涨跌期权，您可能在几分钟内损失全部投入。
        - 本服务中的任何内容均不构成投资、税务或法律建议。请独立做出决定，并仅使用您能承受损失的资金进行交易。
        - 区块链转账不可逆。提币至错误的地址或网络将无法追回。

        # 6. 禁止行为
        您不得利用本服务从事洗钱、恐怖融资、欺诈或操纵市场（例如对敲、虚假挂单）等行为，不得攻击或恶意占用我们的系统，也不得规避限制或制裁。对于涉及上述行为的账户，我们可冻结其资金、关闭账户，并在法律要求时向有关机关报告。

        # 7. 充币、提币与安全冻结
        提币在发出前可能需要审核。为保护您的资产，修改登录密码或提币地址后 24 小时内不能提币。

        # 8. 服务可用性与责任
        我们会尽力保持本服务可用并保障您的资产安全，但本服务按“现状”提供。在法律允许的范围内，对于市场波动、超出我们合理控制范围的事件，或因您未妥善保管账户凭证而造成的损失，我们不承担责任。

        # 9. 致 Bourse 运营方
        Bourse 是自由软件。任何向公众提供服务的部署者即为该服务的运营方，须自行负责其提供服务的每一个司法辖区内的牌照与登记、客户身份识别、反洗钱管控、税务及消费者保护义务。本文仅为起草参考，使用前请交由律师审阅。

        # 10. 协议变更与联系方式
        我们可能更新本协议。重大变更将至少提前 7 天在 App 内公告；此后您继续使用本服务，即视为接受新协议。如有任何疑问，请通过 App 联系客服。
      `),
    },
    zh_HK: {
      title: '服務條款',
      body: dedent(`
        # 1. 關於本條款
        本條款規管您對本交易服務（下稱「本服務」）的使用。本服務以開源交易所軟件 Bourse 運行，並由其營運者（下稱「我們」）營運；營運者即與您訂立本協議的一方。Bourse 軟件的作者並不營運本服務，不會保管您的資產，亦不參與您的任何交易。

        # 2. 使用資格
        - 您必須年滿 18 歲，並具有訂立合約的法律行為能力。
        - 如在您所在地買賣數碼資產或我們提供的任何產品屬違法，或您屬制裁對象，則不得使用本服務。
        - 我們可能要求您完成身份認證，並在完成前限制部分功能，例如 C2C 交易或提幣。

        # 3. 您的帳戶
        - 請妥善保管您的登入密碼、資金密碼及雙重驗證裝置。經您帳戶進行的一切操作均由您負責。
        - 一人一戶。帳戶不得出售、借出或與他人共用。
        - 如懷疑有人使用您的帳戶，請立即通知我們。

        # 4. 交易
        - 訂單一經撮合即具約束力。成交會即時在我們的賬本上交收，除更正明顯的技術錯誤外，概不可撤回。
        - 手續費於應用程式內公佈，並會在您確認落單前顯示。
        - 基於維護、保安或法律原因，我們可暫停某個市場、取消掛單，或暫停充幣及提幣，並會盡快通知您。

        # 5. 風險披露
        - 數碼資產價格極為波動，您可能損失全部交易資金。
        - 永續合約涉及槓桿：價格輕微變動已可能令倉位被強制平倉，損失該倉位的全部保證金。參與升跌期權，您可能在數分鐘內損失全部本金。
        - 本服務的任何內容均不構成投資、稅務或法律意見。請自行作出決定，並只以您能承受損失的資金進行交易。
        - 區塊鏈轉賬不可逆轉。提幣至錯誤地址或網絡將無法取回。

        # 6. 禁止用途
        您不得利用本服務進行洗錢、恐怖分子資金籌集、欺詐或操控市場（例如虛假交易、幌騙掛單），不得攻擊或蓄意令我們的系統超出負荷，亦不得規避限制或制裁。對涉及上述行為的帳戶，我們可凍結其資金、關閉帳戶，並在法律要求下向有關當局舉報。

        # 7. 充幣、提幣及保安凍結
        提幣在發出前可能需要審核。為保障您的資產，更改登入密碼或提幣地址後 24 小時內不能提幣。

        # 8. 服務提供及法律責任
        我們會盡力維持本服務運作並保障您的資產安全，但本服務按「現況」提供。在法律容許的範圍內，對於市場波動、超出我們合理控制範圍的事件，或因您未有妥善保管帳戶憑證而引致的損失，我們概不負責。

        # 9. 致 Bourse 營運者
        Bourse 是自由軟件。任何向公眾提供服務的部署者即為該服務的營運者，須自行負責在提供服務的每個司法管轄區內的牌照及註冊、客戶身份識別、打擊洗錢管控、稅務及消費者保障責任。本文僅供起草參考，使用前請交由律師審閱。

        # 10. 條款修訂及聯絡方法
        我們可能修訂本條款。重大修訂會最少提前 7 日在應用程式內公佈；其後您繼續使用本服務，即表示接受新條款。如有任何疑問，請透過應用程式聯絡客服。
      `),
    },
    es: {
      title: 'Condiciones del servicio',
      body: dedent(`
        # 1. Sobre estas condiciones
        Estas condiciones regulan el uso de este servicio de intercambio (el "Servicio"). El Servicio funciona con Bourse, un software de exchange de código abierto, y lo gestiona su operador ("nosotros"), que es la parte con la que celebras este acuerdo. Los autores del software Bourse no gestionan el Servicio, no custodian tus activos ni participan en tus operaciones.

        # 2. Quién puede usar el Servicio
        - Debes tener al menos 18 años y capacidad legal para contratar.
        - No puedes usar el Servicio donde la negociación de activos digitales, o de cualquier producto que ofrecemos, sea ilegal, ni si estás sujeto a sanciones.
        - Podemos pedirte que verifiques tu identidad y limitar funciones, como la negociación C2C o los retiros, hasta que lo hagas.

        # 3. Tu cuenta
        - Protege tu contraseña de acceso, tu contraseña de fondos y tu dispositivo de verificación en dos pasos. Eres responsable de todo lo que se haga con tu cuenta.
        - Una persona, una cuenta. Las cuentas no se pueden vender, prestar ni compartir.
        - Avísanos de inmediato si sospechas que otra persona usa tu cuenta.

        # 4. Negociación
        - Una orden es vinculante desde el momento en que se casa. Las operaciones se liquidan al instante en nuestro libro contable y no pueden revertirse, salvo para corregir un error técnico evidente.
        - Las comisiones se publican en la app y se muestran antes de confirmar cada orden.
        - Podemos suspender un mercado, cancelar órdenes abiertas o pausar depósitos y retiros por mantenimiento, seguridad o motivos legales. Te lo comunicaremos lo antes posible.

        # 5. Riesgos
        - Los precios de los activos digitales son muy volátiles. Puedes perder todos los fondos con los que operas.
        - Los contratos perpetuos usan apalancamiento: un pequeño movimiento del precio puede liquidar tu posición y hacerte perder todo su margen. En una opción de subida/bajada puedes perder toda la cantidad apostada en minutos.
        - Nada de lo que ofrece el Servicio constituye asesoramiento de inversión, fiscal ni jurídico. Toma tus propias decisiones y opera solo con dinero que puedas permitirte perder.
        - Las transferencias en blockchain son definitivas. Un retiro enviado a una dirección o red equivocada no se puede recuperar.

        # 6. Usos prohibidos
        No puedes usar el Servicio para blanquear capitales, financiar el terrorismo, cometer fraude o manipular el mercado (por ejemplo, con operaciones ficticias o spoofing), atacar o sobrecargar nuestros sistemas ni eludir límites o sanciones. Podemos congelar los fondos y cerrar las cuentas implicadas, y comunicarlo a las autoridades cuando la ley lo exija.

        # 7. Depósitos, retiros y retenciones de seguridad
        Los retiros pueden revisarse antes de enviarse. Para protegerte, se retienen durante 24 horas después de que cambies la contraseña de acceso o una dirección de retiro.

        # 8. Disponibilidad y responsabilidad
        Trabajamos para mantener el Servicio disponible y tus activos seguros, pero el Servicio se ofrece "tal cual". En la medida en que la ley lo permita, no respondemos de pérdidas causadas por los movimientos del mercado, por hechos ajenos a nuestro control razonable ni por no haber protegido tus credenciales.

        # 9. Nota para quienes operan Bourse
        Bourse es software libre. Quien lo pone a disposición del público es el operador de ese servicio y es el único responsable de las licencias y registros, la identificación de clientes, los controles contra el blanqueo de capitales, la fiscalidad y la protección de los consumidores en cada jurisdicción donde ofrezca el servicio. Este texto es solo un punto de partida: haz que lo revise un abogado antes de usarlo.

        # 10. Cambios y contacto
        Podemos actualizar estas condiciones. Los cambios importantes se anunciarán en la app al menos 7 días antes de que entren en vigor; si sigues usando el Servicio después, aceptas las nuevas condiciones. Para cualquier duda, contacta con atención al cliente desde la app.
      `),
    },
    fr: {
      title: 'Conditions d’utilisation',
      body: dedent(`
        # 1. À propos de ces conditions
        Les présentes conditions régissent votre utilisation de ce service d’échange (le « Service »). Le Service fonctionne avec Bourse, un logiciel de plateforme d’échange open source, et est exploité par son opérateur (« nous »), qui est votre cocontractant. Les auteurs du logiciel Bourse n’exploitent pas le Service, ne détiennent pas vos actifs et ne participent à aucune de vos transactions.

        # 2. Qui peut utiliser le Service
        - Vous devez avoir au moins 18 ans et la capacité juridique de contracter.
        - Vous ne pouvez pas utiliser le Service là où la négociation d’actifs numériques, ou de tout produit que nous proposons, est illégale, ni si vous faites l’objet de sanctions.
        - Nous pouvons vous demander de vérifier votre identité et limiter certaines fonctions, comme le C2C ou les retraits, tant que ce n’est pas fait.

        # 3. Votre compte
        - Protégez votre mot de passe de connexion, votre mot de passe des fonds et votre appareil de validation en deux étapes. Vous êtes responsable de tout ce qui est fait avec votre compte.
        - Une personne, un compte. Un compte ne peut être ni vendu, ni prêté, ni partagé.
        - Prévenez-nous immédiatement si vous pensez qu’une autre personne utilise votre compte.

        # 4. Négociation
        - Un ordre vous engage dès qu’il est exécuté. Les transactions sont réglées immédiatement dans notre registre et sont irrévocables, sauf pour corriger une erreur technique manifeste.
        - Les frais sont publiés dans l’application et affichés avant la confirmation de chaque ordre.
        - Nous pouvons suspendre un marché, annuler des ordres ouverts ou interrompre les dépôts et retraits pour des raisons de maintenance, de sécurité ou légales. Nous vous en informerons dès que possible.

        # 5. Risques
        - Les prix des actifs numériques sont très volatils. Vous pouvez perdre la totalité des fonds que vous négociez.
        - Les contrats perpétuels utilisent l’effet de levier : une faible variation de prix peut liquider votre position et vous faire perdre toute sa marge. Avec une option hausse/baisse, vous pouvez perdre l’intégralité de votre mise en quelques minutes.
        - Rien dans le Service ne constitue un conseil en investissement, fiscal ou juridique. Prenez vos propres décisions et n’investissez que des sommes que vous pouvez vous permettre de perdre.
        - Les transferts sur une blockchain sont définitifs. Un retrait envoyé à une mauvaise adresse ou sur un mauvais réseau ne peut pas être récupéré.

        # 6. Utilisations interdites
        Vous ne pouvez pas utiliser le Service pour le blanchiment d’argent, le financement du terrorisme, la fraude ou la manipulation de marché (par exemple les transactions fictives ou le spoofing), pour attaquer ou surcharger nos systèmes, ni pour contourner des limites ou des sanctions. Nous pouvons geler les fonds et fermer les comptes concernés, et les signaler aux autorités lorsque la loi l’exige.

        # 7. Dépôts, retraits et blocages de sécurité
        Les retraits peuvent être examinés avant leur envoi. Pour votre protection, ils sont bloqués pendant 24 heures après un changement de mot de passe de connexion ou d’adresse de retrait.

        # 8. Disponibilité et responsabilité
        Nous faisons le nécessaire pour que le Service reste disponible et que vos actifs soient en sécurité, mais le Service est fourni « en l’état ». Dans les limites permises par la loi, nous ne sommes pas responsables des pertes dues aux mouvements du marché, à des événements échappant à notre contrôle raisonnable, ou au fait que vous n’ayez pas protégé vos identifiants.

        # 9. À l’attention des opérateurs de Bourse
        Bourse est un logiciel libre. Quiconque le met à la disposition du public devient l’opérateur de ce service et assume seul la responsabilité des agréments et enregistrements, de l’identification des clients, des contrôles de lutte contre le blanchiment, de la fiscalité et de la protection des consommateurs dans chaque juridiction où le service est proposé. Ce texte n’est qu’un point de départ : faites-le relire par un avocat avant de l’utiliser.

        # 10. Modifications et contact
        Nous pouvons modifier ces conditions. Les changements importants seront annoncés dans l’application au moins 7 jours avant leur entrée en vigueur ; si vous continuez à utiliser le Service ensuite, vous acceptez les nouvelles conditions. Pour toute question, contactez le service client depuis l’application.
      `),
    },
  },
};
