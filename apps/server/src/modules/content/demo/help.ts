import { type DemoArticle, dedent } from './types';

const DEPOSIT: DemoArticle = {
  category: 'help',
  slug: 'how-to-deposit',
  daysAgo: 21,
  text: {
    en: {
      title: 'How do I deposit crypto?',
      body: dedent(`
        # Steps
        - Open Assets and tap Deposit.
        - Choose the coin, then the network (for example USDT on TRC20 or on ERC20).
        - Copy the deposit address, or scan its QR code with the wallet you are sending from.
        - Send the coin. The deposit shows in your records as soon as the network sees it.

        # When is it credited?
        A deposit is credited to your spot wallet after 1 network confirmation. It can be withdrawn once it has 6 confirmations (2 for USDT).

        # Check before you send
        - Send only the chosen coin, on the chosen network, to this address. A different coin or a different network may be lost for good.
        - Amounts below the minimum deposit shown on the page are not credited.
      `),
    },
    zh_CN: {
      title: '如何充币？',
      body: dedent(`
        # 操作步骤
        - 打开“资产”，点击“充币”。
        - 选择币种，再选择网络（例如 TRC20 或 ERC20 上的 USDT）。
        - 复制充币地址，或用转出钱包扫描地址二维码。
        - 发起转账。网络检测到这笔转账后，充币记录中就会显示。

        # 什么时候到账？
        充币获得 1 个网络确认后计入您的现货钱包；获得 6 个确认（USDT 为 2 个）后即可提币。

        # 转账前请确认
        - 只能向该地址转入所选币种，且必须使用所选网络。转入其他币种或使用其他网络，资产可能永久丢失。
        - 低于页面所示最小充币数量的转账不会入账。
      `),
    },
    zh_HK: {
      title: '如何充幣？',
      body: dedent(`
        # 操作步驟
        - 開啟「資產」，點擊「充幣」。
        - 選擇幣種，再選擇網絡（例如 TRC20 或 ERC20 上的 USDT）。
        - 複製充幣地址，或以轉出錢包掃描地址的二維碼。
        - 進行轉賬。網絡偵測到這筆轉賬後，充幣紀錄便會顯示。

        # 幾時到賬？
        充幣取得 1 個網絡確認後會存入您的現貨錢包；取得 6 個確認（USDT 為 2 個）後即可提幣。

        # 轉賬前請核對
        - 此地址只可接收所選幣種，並須使用所選網絡。轉入其他幣種或使用其他網絡，資產或會永久遺失。
        - 低於頁面所示最低充幣數量的轉賬不會入賬。
      `),
    },
    es: {
      title: '¿Cómo deposito criptomonedas?',
      body: dedent(`
        # Pasos
        - Abre Activos y toca Depositar.
        - Elige la moneda y después la red (por ejemplo, USDT en TRC20 o en ERC20).
        - Copia la dirección de depósito o escanea su código QR con la billetera desde la que envías.
        - Envía la moneda. El depósito aparece en tu historial en cuanto la red lo detecta.

        # ¿Cuándo se abona?
        El depósito se abona en tu billetera al contado tras 1 confirmación de la red. Puedes retirarlo cuando tenga 6 confirmaciones (2 para USDT).

        # Comprueba antes de enviar
        - Envía a esta dirección solo la moneda elegida y por la red elegida. Otra moneda u otra red pueden perderse para siempre.
        - Los importes inferiores al depósito mínimo indicado en la página no se abonan.
      `),
    },
    fr: {
      title: 'Comment déposer des cryptomonnaies ?',
      body: dedent(`
        # Étapes
        - Ouvrez Actifs et touchez Déposer.
        - Choisissez la cryptomonnaie, puis le réseau (par exemple l’USDT sur TRC20 ou sur ERC20).
        - Copiez l’adresse de dépôt, ou scannez son QR code avec le portefeuille d’où vous envoyez les fonds.
        - Effectuez l’envoi. Le dépôt apparaît dans votre historique dès que le réseau le détecte.

        # Quand est-il crédité ?
        Un dépôt est crédité sur votre portefeuille comptant après 1 confirmation du réseau. Il peut être retiré dès qu’il compte 6 confirmations (2 pour l’USDT).

        # À vérifier avant l’envoi
        - N’envoyez à cette adresse que la cryptomonnaie choisie, sur le réseau choisi. Une autre cryptomonnaie ou un autre réseau peuvent entraîner une perte définitive.
        - Les montants inférieurs au dépôt minimum indiqué sur la page ne sont pas crédités.
      `),
    },
  },
};

const WITHDRAW: DemoArticle = {
  category: 'help',
  slug: 'how-to-withdraw',
  daysAgo: 21,
  text: {
    en: {
      title: 'How do I withdraw, and why are withdrawals sometimes locked?',
      body: dedent(`
        # Steps
        - Open Assets and tap Withdraw.
        - Choose the coin and the network, then enter or paste the receiving address.
        - Enter the amount. The network fee and the amount that will arrive are shown before you confirm.
        - Confirm with your fund password, and with your two-factor code if it is on.

        # What happens next
        A new withdrawal is "Under review". Once approved, it is sent to the network and shows "Succeeded" with its transaction hash. While it is still under review you can cancel it, and the amount goes back to your available balance.

        # The 24-hour lock
        For your protection, withdrawals are paused for 24 hours after you change your login password or a withdrawal address. If someone else has taken over your account, this gives you time to notice and contact us before any funds leave.

        # Good to know
        - The amount must be at least the minimum shown on the page, and must also cover the network fee.
        - You cannot withdraw to your own deposit address on this exchange.
        - Check the address and the network carefully: blockchain transfers cannot be reversed.
      `),
    },
    zh_CN: {
      title: '如何提币？为什么有时不能提币？',
      body: dedent(`
        # 操作步骤
        - 打开“资产”，点击“提币”。
        - 选择币种和网络，输入或粘贴收款地址。
        - 输入数量。确认前会显示网络手续费和实际到账数量。
        - 输入资金密码确认；如已开启双重验证，还需输入验证码。

        # 提交之后
        新提交的提币状态为“审核中”。审核通过后会发送到区块链网络，状态变为“成功”，并显示交易哈希。审核完成前您可以撤销，数量将退回可用余额。

        # 24 小时提币限制
        为保护您的资产，修改登录密码或提币地址后 24 小时内不能提币。万一账户被他人控制，这段时间能让您及时发现并联系我们，避免资产被转走。

        # 注意事项
        - 提币数量不能低于页面所示的最小数量，并且需要足以支付网络手续费。
        - 不能提币到您自己在本平台的充币地址。
        - 请仔细核对地址和网络：区块链转账一经发出无法撤回。
      `),
    },
    zh_HK: {
      title: '如何提幣？為何有時未能提幣？',
      body: dedent(`
        # 操作步驟
        - 開啟「資產」，點擊「提幣」。
        - 選擇幣種及網絡，輸入或貼上收款地址。
        - 輸入數量。確認前會顯示網絡手續費及實際到賬數量。
        - 輸入資金密碼確認；如已開啟雙重驗證，亦須輸入驗證碼。

        # 提交之後
        新提交的提幣狀態為「審核中」。審核通過後會發送至區塊鏈網絡，狀態變為「成功」，並顯示交易雜湊值。審核完成前您可以取消，數量會退回可用結餘。

        # 24 小時提幣限制
        為保障您的資產，更改登入密碼或提幣地址後 24 小時內不能提幣。萬一帳戶被他人盜用，這段時間可讓您及時察覺並聯絡我們，以免資產被轉走。

        # 注意事項
        - 提幣數量不可低於頁面所示的最低數量，並須足以支付網絡手續費。
        - 不能提幣至您自己在本平台的充幣地址。
        - 請仔細核對地址及網絡：區塊鏈轉賬一經發出便無法撤回。
      `),
    },
    es: {
      title: '¿Cómo retiro fondos y por qué a veces los retiros están bloqueados?',
      body: dedent(`
        # Pasos
        - Abre Activos y toca Retirar.
        - Elige la moneda y la red, y escribe o pega la dirección de destino.
        - Introduce el importe. Antes de confirmar verás la comisión de red y el importe que llegará.
        - Confirma con tu contraseña de fondos y, si la tienes activada, con tu código de verificación en dos pasos.

        # Qué ocurre después
        Un retiro nuevo aparece "En revisión". Una vez aprobado, se envía a la red y pasa a "Completado" con su hash de transacción. Mientras siga en revisión puedes cancelarlo, y el importe vuelve a tu saldo disponible.

        # El bloqueo de 24 horas
        Para protegerte, los retiros se suspenden durante 24 horas después de cambiar la contraseña de acceso o una dirección de retiro. Si alguien se hubiera hecho con tu cuenta, tendrías tiempo de darte cuenta y avisarnos antes de que salga ningún fondo.

        # Conviene saber
        - El importe debe ser al menos el mínimo indicado en la página y cubrir también la comisión de red.
        - No puedes retirar a tu propia dirección de depósito de este exchange.
        - Revisa bien la dirección y la red: las transferencias en una blockchain no se pueden revertir.
      `),
    },
    fr: {
      title: 'Comment effectuer un retrait, et pourquoi les retraits sont-ils parfois bloqués ?',
      body: dedent(`
        # Étapes
        - Ouvrez Actifs et touchez Retirer.
        - Choisissez la cryptomonnaie et le réseau, puis saisissez ou collez l’adresse de réception.
        - Indiquez le montant. Les frais de réseau et le montant qui sera reçu s’affichent avant la confirmation.
        - Confirmez avec votre mot de passe des fonds, et avec votre code de validation en deux étapes s’il est activé.

        # Et ensuite ?
        Un nouveau retrait est « En cours d’examen ». Une fois approuvé, il est envoyé sur le réseau et passe à « Réussi », avec son hash de transaction. Tant qu’il est en cours d’examen, vous pouvez l’annuler : le montant revient alors sur votre solde disponible.

        # Le blocage de 24 heures
        Pour votre protection, les retraits sont suspendus pendant 24 heures après un changement de mot de passe de connexion ou d’adresse de retrait. Si quelqu’un s’était emparé de votre compte, vous auriez ainsi le temps de vous en apercevoir et de nous contacter avant que les fonds ne partent.

        # Bon à savoir
        - Le montant doit atteindre le minimum indiqué sur la page et couvrir aussi les frais de réseau.
        - Vous ne pouvez pas effectuer un retrait vers votre propre adresse de dépôt sur cette plateforme.
        - Vérifiez soigneusement l’adresse et le réseau : un transfert sur une blockchain est irréversible.
      `),
    },
  },
};

const FUND_PASSWORD: DemoArticle = {
  category: 'help',
  slug: 'fund-password',
  daysAgo: 21,
  text: {
    en: {
      title: 'What is the fund password?',
      body: dedent(`
        The fund password is a separate 6-digit password that protects your money. Your login password lets you into the app; the fund password is asked whenever funds leave your control:
        - withdrawals;
        - flash transfers to another user;
        - releasing coins in a C2C order.

        # Setting it
        Go to Security centre and choose Fund password; you confirm the new one with your login password. Pick 6 digits that are not your birthday, your phone number or part of your login password.

        # Wrong attempts
        After 5 wrong attempts the fund password is locked for one hour, so nobody can guess it.

        # If you forget it
        Reset it in the Security centre with a verification code sent to your bound email address or phone number.
      `),
    },
    zh_CN: {
      title: '什么是资金密码？',
      body: dedent(`
        资金密码是一组独立的 6 位数字密码，用来保护您的资产。登录密码用于登录 App，而资金会离开您掌控的操作都需要输入资金密码：
        - 提币；
        - 向其他用户闪转；
        - 在 C2C 订单中放币。

        # 如何设置
        进入“安全中心”，选择“资金密码”，并用登录密码确认。请不要使用生日、手机号或登录密码中的数字。

        # 输错怎么办
        连续输错 5 次后，资金密码将被锁定 1 小时，以防他人猜测。

        # 忘记资金密码
        在“安全中心”通过发送到您绑定邮箱或手机号的验证码即可重置。
      `),
    },
    zh_HK: {
      title: '甚麼是資金密碼？',
      body: dedent(`
        資金密碼是一組獨立的 6 位數字密碼，用來保障您的資產。登入密碼用於登入應用程式；凡是資金會離開您控制的操作，都需要輸入資金密碼：
        - 提幣；
        - 向其他用戶閃轉；
        - 在 C2C 訂單中放幣。

        # 如何設定
        前往「安全中心」，選擇「資金密碼」，並以登入密碼確認。請避免使用生日、手機號碼或登入密碼中的數字。

        # 輸入錯誤
        連續輸錯 5 次後，資金密碼會被鎖定 1 小時，以防他人估中。

        # 忘記資金密碼
        可在「安全中心」以發送到您已綁定電郵或手機號碼的驗證碼重設。
      `),
    },
    es: {
      title: '¿Qué es la contraseña de fondos?',
      body: dedent(`
        La contraseña de fondos es una contraseña aparte, de 6 dígitos, que protege tu dinero. La contraseña de acceso te permite entrar en la app; la de fondos se pide siempre que el dinero sale de tu control:
        - retiros;
        - transferencias flash a otro usuario;
        - liberación de monedas en una orden C2C.

        # Cómo crearla
        Ve al Centro de seguridad y elige Contraseña de fondos; la confirmas con tu contraseña de acceso. Elige 6 dígitos que no sean tu fecha de nacimiento, tu número de teléfono ni parte de tu contraseña de acceso.

        # Intentos fallidos
        Tras 5 intentos fallidos, la contraseña de fondos se bloquea durante una hora para que nadie pueda adivinarla.

        # Si la olvidas
        Puedes restablecerla en el Centro de seguridad con un código de verificación enviado a tu correo o teléfono vinculado.
      `),
    },
    fr: {
      title: 'Qu’est-ce que le mot de passe des fonds ?',
      body: dedent(`
        Le mot de passe des fonds est un mot de passe distinct de 6 chiffres qui protège votre argent. Le mot de passe de connexion vous donne accès à l’application ; celui des fonds vous est demandé chaque fois que des fonds quittent votre contrôle :
        - retraits ;
        - transferts instantanés vers un autre utilisateur ;
        - libération de cryptomonnaies dans une commande C2C.

        # Le définir
        Dans le Centre de sécurité, choisissez Mot de passe des fonds ; vous le confirmez avec votre mot de passe de connexion. Choisissez 6 chiffres qui ne soient ni votre date de naissance, ni votre numéro de téléphone, ni une partie de votre mot de passe de connexion.

        # Erreurs de saisie
        Après 5 erreurs, le mot de passe des fonds est bloqué pendant une heure, afin que personne ne puisse le deviner.

        # En cas d’oubli
        Réinitialisez-le depuis le Centre de sécurité grâce à un code de vérification envoyé à l’adresse e-mail ou au numéro de téléphone associé à votre compte.
      `),
    },
  },
};

const ORDER_TYPES: DemoArticle = {
  category: 'help',
  slug: 'spot-order-types',
  daysAgo: 20,
  text: {
    en: {
      title: 'Spot order types explained',
      body: dedent(`
        - Limit: buys or sells at your price or better. Whatever cannot be filled at once waits in the order book until it is filled or you cancel it.
        - Market: buys or sells at once at the best prices available. On a thin market the price can move against you while the order fills (slippage).
        - IOC (immediate or cancel): fills as much as possible at once at your price or better, and cancels the rest.
        - FOK (fill or kill): fills the whole amount at once at your price or better, or does nothing at all.
        - Post-only: only adds liquidity. If it would match at once, it is cancelled instead, so it always pays the maker fee.

        # How orders are matched
        The best price goes first; at the same price, the earlier order goes first. Your own buy and sell orders never trade with each other.

        # Maker and taker
        An order that rests in the book and is filled later is the maker; the order that meets it is the taker. See "Trading fees" for the rates.
      `),
    },
    zh_CN: {
      title: '现货订单类型说明',
      body: dedent(`
        - 限价单：以您设定的价格或更优价格买卖。未能立即成交的部分会挂在订单簿中，直到成交或您撤单。
        - 市价单：以当前最优价格立即买卖。在深度较浅的市场中，成交过程中价格可能对您不利（滑点）。
        - IOC（立即成交或取消）：以您的价格或更优价格尽可能立即成交，未成交部分自动撤销。
        - FOK（全部成交或取消）：以您的价格或更优价格立即全部成交，否则整笔订单不成交。
        - 只做 Maker（Post-only）：只为市场提供流动性。如果下单会立即成交，订单将被取消，因此始终按挂单费率收费。

        # 撮合规则
        价格优先，价格相同时时间优先。您自己的买单和卖单不会互相成交。

        # 挂单与吃单
        先挂在订单簿中、之后被成交的订单是挂单方（Maker）；与之成交的订单是吃单方（Taker）。费率请见“交易手续费”。
      `),
    },
    zh_HK: {
      title: '現貨訂單類型說明',
      body: dedent(`
        - 限價單：以您設定的價格或更佳價格買賣。未能即時成交的部分會掛在訂單簿上，直至成交或您取消為止。
        - 市價單：以當前最佳價格即時買賣。在深度較淺的市場，成交期間價格可能對您不利（滑價）。
        - IOC（即時成交或取消）：以您的價格或更佳價格盡量即時成交，餘下部分自動取消。
        - FOK（全數成交或取消）：以您的價格或更佳價格即時全數成交，否則整張訂單不會成交。
        - 只做 Maker（Post-only）：只為市場提供流動性。如訂單會即時成交，便會被取消，因此一律按掛單費率收費。

        # 撮合規則
        價格優先，價格相同則時間優先。您自己的買單與賣單不會互相成交。

        # 掛單與吃單
        先掛在訂單簿上、其後才成交的訂單是掛單方（Maker）；與之成交的訂單是吃單方（Taker）。收費請參閱「交易手續費」。
      `),
    },
    es: {
      title: 'Tipos de órdenes al contado',
      body: dedent(`
        - Límite: compra o vende a tu precio o mejor. Lo que no se ejecute al momento queda en el libro de órdenes hasta que se ejecute o la canceles.
        - Mercado: compra o vende al instante a los mejores precios disponibles. En un mercado con poca profundidad, el precio puede moverse en tu contra mientras se ejecuta (deslizamiento).
        - IOC (inmediata o cancelar): ejecuta al momento todo lo posible a tu precio o mejor y cancela el resto.
        - FOK (todo o nada): ejecuta al momento la cantidad completa a tu precio o mejor, o no ejecuta nada.
        - Solo creador (post-only): solo aporta liquidez. Si fuera a casarse al instante, se cancela, así que siempre paga la comisión de creador.

        # Cómo se casan las órdenes
        Primero el mejor precio; a igual precio, la orden más antigua. Tus propias órdenes de compra y de venta nunca se casan entre sí.

        # Creador y tomador
        La orden que espera en el libro y se ejecuta después es la creadora (maker); la que la encuentra es la tomadora (taker). Consulta las tarifas en "Comisiones de negociación".
      `),
    },
    fr: {
      title: 'Les types d’ordres au comptant',
      body: dedent(`
        - Limite : achète ou vend à votre prix ou à un meilleur prix. La partie qui ne peut pas être exécutée immédiatement reste dans le carnet d’ordres jusqu’à son exécution ou son annulation.
        - Marché : achète ou vend immédiatement aux meilleurs prix disponibles. Sur un marché peu profond, le prix peut évoluer en votre défaveur pendant l’exécution (glissement).
        - IOC (immédiat ou annulé) : exécute immédiatement tout ce qui est possible à votre prix ou mieux, et annule le reste.
        - FOK (tout ou rien) : exécute immédiatement la totalité à votre prix ou mieux, ou rien du tout.
        - Post-only : ajoute uniquement de la liquidité. S’il devait être exécuté immédiatement, l’ordre est annulé ; il paie donc toujours les frais maker.

        # Comment les ordres sont appariés
        Le meilleur prix passe en premier ; à prix égal, l’ordre le plus ancien. Vos propres ordres d’achat et de vente ne s’exécutent jamais entre eux.

        # Maker et taker
        L’ordre qui attend dans le carnet et est exécuté plus tard est le maker ; celui qui vient le rencontrer est le taker. Les taux figurent dans « Frais de négociation ».
      `),
    },
  },
};

const TWO_FACTOR: DemoArticle = {
  category: 'help',
  slug: 'two-factor',
  daysAgo: 20,
  text: {
    en: {
      title: 'What is two-factor verification, and how do I turn it on?',
      body: dedent(`
        Two-factor verification adds a second step when you log in and withdraw: besides your password, you enter a 6-digit code from an authenticator app on your phone. The code changes every 30 seconds, so a stolen password alone is not enough.

        # Turning it on
        - Install an authenticator app such as Google Authenticator, Microsoft Authenticator or Aegis.
        - In the Security centre, tap Two-factor verification.
        - Scan the QR code with the app, or type in the key shown below it.
        - Write the key down and keep it somewhere safe and offline: it is the only way to restore your codes on a new phone.
        - Enter the 6-digit code from the app to confirm.

        # Turning it off
        You can turn it off on the same page with a current code, but we recommend keeping it on.

        If your codes are always rejected, make sure your phone sets its time automatically: the codes depend on the clock.
      `),
    },
    zh_CN: {
      title: '什么是双重验证？如何开启？',
      body: dedent(`
        双重验证为登录和提币增加了第二道关卡：除了密码，还需要输入手机上身份验证器 App 生成的 6 位验证码。验证码每 30 秒更新一次，即使密码被盗，仅凭密码也无法登录。

        # 开启步骤
        - 安装一款身份验证器 App，例如 Google Authenticator、Microsoft Authenticator 或 Aegis。
        - 在“安全中心”点击“双重验证”。
        - 用 App 扫描二维码，或手动输入二维码下方的密钥。
        - 把密钥抄写下来，离线妥善保管：更换手机时，这是恢复验证码的唯一方式。
        - 输入 App 中显示的 6 位验证码完成绑定。

        # 关闭
        您可以在同一页面输入当前验证码关闭双重验证，但我们建议始终保持开启。

        如果验证码总是提示错误，请检查手机是否开启了“自动设置时间”：验证码依赖于准确的时钟。
      `),
    },
    zh_HK: {
      title: '甚麼是雙重驗證？如何開啟？',
      body: dedent(`
        雙重驗證為登入及提幣加設第二重保障：除了密碼，還需輸入手機上驗證器應用程式產生的 6 位驗證碼。驗證碼每 30 秒更新一次，即使密碼被盜，單憑密碼亦無法登入。

        # 開啟步驟
        - 安裝驗證器應用程式，例如 Google Authenticator、Microsoft Authenticator 或 Aegis。
        - 在「安全中心」點擊「雙重驗證」。
        - 以應用程式掃描二維碼，或手動輸入二維碼下方的密鑰。
        - 把密鑰抄寫下來，離線妥善保存：更換手機時，這是恢復驗證碼的唯一方法。
        - 輸入應用程式顯示的 6 位驗證碼完成設定。

        # 關閉
        您可在同一頁面輸入現時的驗證碼關閉雙重驗證，但我們建議一直保持開啟。

        如驗證碼總是顯示錯誤，請檢查手機是否已開啟「自動設定時間」：驗證碼需要準確的時鐘。
      `),
    },
    es: {
      title: '¿Qué es la verificación en dos pasos y cómo la activo?',
      body: dedent(`
        La verificación en dos pasos añade un segundo paso al iniciar sesión y al retirar: además de tu contraseña, introduces un código de 6 dígitos de una app de autenticación en tu teléfono. El código cambia cada 30 segundos, así que una contraseña robada no basta.

        # Cómo activarla
        - Instala una app de autenticación, como Google Authenticator, Microsoft Authenticator o Aegis.
        - En el Centro de seguridad, toca Verificación en dos pasos.
        - Escanea el código QR con la app o escribe la clave que aparece debajo.
        - Anota la clave y guárdala en un lugar seguro y sin conexión: es la única forma de recuperar tus códigos en un teléfono nuevo.
        - Introduce el código de 6 dígitos de la app para confirmar.

        # Cómo desactivarla
        Puedes desactivarla en la misma página con un código vigente, aunque te recomendamos mantenerla activada.

        Si tus códigos se rechazan siempre, comprueba que la hora del teléfono se ajuste automáticamente: los códigos dependen del reloj.
      `),
    },
    fr: {
      title: 'Qu’est-ce que la validation en deux étapes, et comment l’activer ?',
      body: dedent(`
        La validation en deux étapes ajoute une seconde étape à la connexion et aux retraits : en plus de votre mot de passe, vous saisissez un code à 6 chiffres fourni par une application d’authentification sur votre téléphone. Le code change toutes les 30 secondes ; un mot de passe volé ne suffit donc pas.

        # L’activer
        - Installez une application d’authentification, comme Google Authenticator, Microsoft Authenticator ou Aegis.
        - Dans le Centre de sécurité, touchez Validation en deux étapes.
        - Scannez le QR code avec l’application, ou saisissez la clé affichée en dessous.
        - Notez la clé et conservez-la en lieu sûr, hors ligne : c’est le seul moyen de retrouver vos codes sur un nouveau téléphone.
        - Saisissez le code à 6 chiffres affiché par l’application pour confirmer.

        # La désactiver
        Vous pouvez la désactiver sur la même page avec un code en cours de validité, mais nous vous conseillons de la garder active.

        Si vos codes sont toujours refusés, vérifiez que votre téléphone règle son heure automatiquement : les codes dépendent de l’horloge.
      `),
    },
  },
};

const TRADING_FEES: DemoArticle = {
  category: 'help',
  slug: 'trading-fees',
  daysAgo: 16,
  text: {
    en: {
      title: 'Trading fees',
      body: dedent(`
        # Spot
        Maker 0.10%, taker 0.10% of the traded value. The fee is taken from what you receive: when you buy BTC with USDT it is paid in BTC, when you sell it is paid in USDT.

        # Perpetual contracts
        Maker 0.02%, taker 0.05% of the position value, charged when a position is opened and when it is closed. Funding, every 8 hours, is paid between traders, not to the exchange.

        # Up/down options
        The fee of an option is shown on the order form before you join a round.

        # Deposits and withdrawals
        Deposits are free. Withdrawals pay the network fee shown on the withdrawal page.

        The fee of each trade is listed in its order details.
      `),
    },
    zh_CN: {
      title: '交易手续费',
      body: dedent(`
        # 现货
        挂单 0.10%，吃单 0.10%，按成交额计算。手续费从您获得的资产中扣除：用 USDT 买入 BTC 时以 BTC 支付，卖出时以 USDT 支付。

        # 永续合约
        挂单 0.02%，吃单 0.05%，按仓位价值计算，开仓和平仓时各收取一次。每 8 小时结算的资金费在交易者之间互相支付，不归平台所有。

        # 涨跌期权
        期权的手续费在参与每一期前会显示在下单页面上。

        # 充币与提币
        充币免费；提币支付提币页面上显示的网络手续费。

        每笔成交的手续费都列在订单详情中。
      `),
    },
    zh_HK: {
      title: '交易手續費',
      body: dedent(`
        # 現貨
        掛單 0.10%，吃單 0.10%，按成交額計算。手續費從您收到的資產中扣除：以 USDT 買入 BTC 時以 BTC 支付，賣出時則以 USDT 支付。

        # 永續合約
        掛單 0.02%，吃單 0.05%，按倉位價值計算，開倉及平倉時各收取一次。每 8 小時結算的資金費於交易者之間互相支付，並不歸平台所有。

        # 升跌期權
        期權的手續費會在參與每一期前顯示於落單頁面。

        # 充幣及提幣
        充幣免費；提幣需支付提幣頁面所示的網絡手續費。

        每筆成交的手續費均列於訂單詳情。
      `),
    },
    es: {
      title: 'Comisiones de negociación',
      body: dedent(`
        # Al contado
        Creador 0,10 %, tomador 0,10 % del valor negociado. La comisión se descuenta de lo que recibes: al comprar BTC con USDT se paga en BTC; al vender, en USDT.

        # Contratos perpetuos
        Creador 0,02 %, tomador 0,05 % del valor de la posición, al abrirla y al cerrarla. La financiación, cada 8 horas, se paga entre traders, no al exchange.

        # Opciones de subida/bajada
        La comisión de una opción se muestra en el formulario antes de que entres en una ronda.

        # Depósitos y retiros
        Los depósitos son gratuitos. Los retiros pagan la comisión de red que aparece en la página de retiro.

        La comisión de cada operación figura en el detalle de la orden.
      `),
    },
    fr: {
      title: 'Frais de négociation',
      body: dedent(`
        # Comptant
        Maker 0,10 %, taker 0,10 % de la valeur échangée. Les frais sont prélevés sur ce que vous recevez : lorsque vous achetez du BTC avec de l’USDT, ils sont payés en BTC ; lorsque vous vendez, en USDT.

        # Contrats perpétuels
        Maker 0,02 %, taker 0,05 % de la valeur de la position, prélevés à l’ouverture et à la clôture. Le financement, toutes les 8 heures, est versé entre traders et non à la plateforme.

        # Options hausse/baisse
        Les frais d’une option sont affichés sur le formulaire d’ordre avant que vous ne rejoigniez une période.

        # Dépôts et retraits
        Les dépôts sont gratuits. Les retraits supportent les frais de réseau indiqués sur la page de retrait.

        Les frais de chaque transaction figurent dans le détail de l’ordre.
      `),
    },
  },
};

export const DEMO_HELP: readonly DemoArticle[] = [
  DEPOSIT,
  WITHDRAW,
  FUND_PASSWORD,
  ORDER_TYPES,
  TWO_FACTOR,
  TRADING_FEES,
];
