import { type DemoArticle, dedent } from './types';

export const WHITEPAPER: DemoArticle = {
  category: 'document',
  slug: 'whitepaper',
  daysAgo: 21,
  text: {
    en: {
      title: 'Bourse White Paper',
      body: dedent(`
        # Summary
        Bourse is an open-source digital-asset exchange: a mobile web app for traders and the server behind every screen. Anyone can read the code, run it, and check that every balance and every price the app shows was computed by the exchange itself.

        # 1. Why another exchange
        Centralised exchanges ask their users to trust systems nobody outside can inspect. Balances, order books and the results of short-term bets are produced by code that stays hidden. Bourse takes the opposite approach: the matching engine, the ledger and the settlement rules are public, deterministic and tested.

        # 2. Design principles
        - Real data only: no screen shows a figure the server did not compute.
        - One ledger: every balance change is a double-entry journal entry with a unique reference.
        - Determinism: the trading core has no clock, randomness or input/output of its own, so the same inputs always give the same results.
        - Simple to run: one process, one port, one database file.

        # 3. Architecture
        The server is written in TypeScript on Node.js. A single process serves the API, the live WebSocket channel and the web app, and keeps its state in SQLite in write-ahead-log mode. All writes run as synchronous transactions on one thread: an order's checks, the freezing of funds, matching and settlement happen atomically, with no locks and no lost updates. When one machine is no longer enough, stateless gateways and a message bus can be placed in front while the core remains a single writer, as in every serious matching engine.

        # 4. The ledger
        Each account is identified by its owner, wallet and asset, and has an available and a frozen balance. Amounts are stored as fixed-point integers, never as floating-point numbers, and rounding always favours the exchange by at most one unit. After every randomised test workload we check that, for each asset, the sum of all accounts equals deposits minus withdrawals, and that no balance is ever negative. Because every entry carries a unique reference, a retried request can never be booked twice.

        # 5. Products
        - Spot: one order book per market with price-time priority; limit, market, IOC, FOK and post-only orders; self-trade prevention.
        - Perpetual contracts: leverage up to 100×, cross or isolated margin, liquidation by mark price, funding every 8 hours.
        - Up/down options: rounds from 30 seconds to 5 minutes, settled on the index price at the round's opening and closing instants.
        - C2C: buy and sell with local currency from verified merchants; the coins stay in escrow until the seller releases them.
        - Copy trading, wealth products, mining and rewards, each with its rules published in the app.

        # 6. Fair outcomes
        An option's result depends only on the index price at fixed instants. The house never sees a bet before that price is fixed, and no operator switch can decide an outcome. The mystery box is provably fair: before each draw the server publishes the hash of a secret seed, and after the draw it reveals the seed, so anyone can verify the result.

        # 7. Security
        Passwords are hashed with argon2id. Login tokens are random and stored only as hashes. A separate fund password and time-based two-factor codes protect withdrawals, and a password change holds withdrawals for 24 hours. Every operator action is written to an audit log.

        # 8. Operators and governance
        Bourse is released under the MIT licence. Whoever runs an instance is its operator: they configure markets and fees, review identity checks and withdrawals, and are responsible for complying with the law wherever they offer the service. Changes to the software are proposed and reviewed in the open.

        # 9. Risks
        This paper describes software, not an investment. Trading digital assets, and leveraged products above all, can cost you all the money you commit. Software can contain defects, and the project is provided without warranty.
      `),
    },
    zh_CN: {
      title: 'Bourse 白皮书',
      body: dedent(`
        # 摘要
        Bourse 是一个开源的数字资产交易所：面向交易者的移动端网页应用，以及支撑每个页面的服务器。任何人都可以阅读和运行它的代码，并验证 App 显示的每一笔余额、每一个价格都由交易所自身计算得出。

        # 1. 为什么还需要一个交易所
        中心化交易所要求用户信任外界无法查验的系统：余额、订单簿以及短期竞猜的结果，都由不公开的代码产生。Bourse 反其道而行之：撮合引擎、账本和结算规则全部公开、确定且经过测试。

        # 2. 设计原则
        - 只有真实数据：任何页面都不显示服务器未计算过的数字。
        - 统一账本：每一笔余额变动都是一条带唯一编号的复式记账分录。
        - 确定性：交易核心不依赖自身的时钟、随机数或输入输出，相同的输入永远得到相同的结果。
        - 易于部署：一个进程、一个端口、一个数据库文件。

        # 3. 系统架构
        服务器使用 TypeScript 编写，运行于 Node.js。单个进程同时提供 API、WebSocket 实时通道和网页应用，状态保存在 WAL 模式的 SQLite 中。所有写操作都作为同步事务在同一线程中执行：下单时的校验、资金冻结、撮合与结算原子完成，无需加锁，也不会丢失更新。当单台机器不再够用时，可以在前面部署无状态网关和消息总线，而核心仍保持单写入者——这也是所有成熟撮合引擎的做法。

        # 4. 账本
        每个账户由所有者、钱包和资产唯一确定，分为可用余额和冻结余额。金额以定点整数存储，从不使用浮点数；舍入方向始终对交易所有利，且最多相差一个最小单位。每轮随机测试之后，我们都会检查：每种资产所有账户的总和等于充值减去提现，且没有任何余额为负。由于每条分录都带有唯一编号，重试的请求永远不会被重复记账。

        # 5. 产品
        - 现货：每个市场一个订单簿，价格优先、时间优先；支持限价、市价、IOC、FOK 和只做 Maker 订单；防止自成交。
        - 永续合约：最高 100 倍杠杆，全仓或逐仓，按标记价格强平，每 8 小时结算资金费。
        - 涨跌期权：每期 30 秒至 5 分钟，以开始和结束时刻的指数价格结算。
        - C2C：通过认证商家用法币买卖，币在卖方放币前由平台托管。
        - 跟单交易、理财产品、矿机和各类奖励，规则均在 App 内公布。

        # 6. 公平的结果
        期权的结果只取决于固定时刻的指数价格。平台在价格确定前看不到任何下注，也没有任何运营开关可以决定结果。盲盒可证明公平：每次抽取前，服务器先公布一个秘密种子的哈希值，抽取后再公开种子本身，任何人都可以验证结果。

        # 7. 安全
        密码使用 argon2id 哈希；登录令牌随机生成，且只以哈希形式保存。独立的资金密码和基于时间的双重验证码保护提币；修改密码后 24 小时内暂停提币。运营人员的每一项操作都记入审计日志。

        # 8. 运营与治理
        Bourse 以 MIT 许可证发布。部署实例的一方即为运营方：负责配置市场和手续费、审核身份认证与提币，并须遵守其提供服务所在地的法律。软件的所有改动都公开提出、公开评审。

        # 9. 风险
        本白皮书描述的是一款软件，而非一项投资。交易数字资产，尤其是杠杆产品，可能让您损失全部投入。软件可能存在缺陷，本项目不提供任何担保。
      `),
    },
    zh_HK: {
      title: 'Bourse 白皮書',
      body: dedent(`
        # 摘要
        Bourse 是一個開源的數碼資產交易所：為交易者而設的流動網頁應用程式，以及支援每個頁面的伺服器。任何人都可以閱讀及運行它的程式碼，並核實應用程式顯示的每一筆結餘、每一個價格，都是由交易所自身計算得出。

        # 1. 為何還需要一個交易所
        中心化交易所要求用戶信任外界無法查證的系統：結餘、訂單簿以至短期競猜的結果，都由不公開的程式碼產生。Bourse 反其道而行：撮合引擎、賬本及交收規則全部公開、確定，並經過測試。

        # 2. 設計原則
        - 只顯示真實數據：任何頁面都不會顯示伺服器未曾計算的數字。
        - 統一賬本：每一筆結餘變動都是一條附有唯一編號的複式記賬分錄。
        - 確定性：交易核心不依賴自身的時鐘、隨機數或輸入輸出，相同輸入永遠得出相同結果。
        - 易於部署：一個程序、一個連接埠、一個資料庫檔案。

        # 3. 系統架構
        伺服器以 TypeScript 編寫，運行於 Node.js。單一程序同時提供 API、WebSocket 即時通道及網頁應用程式，狀態儲存在 WAL 模式的 SQLite 中。所有寫入操作均以同步交易在同一執行緒內完成：落單時的檢查、資金凍結、撮合及交收皆以原子方式進行，毋須加鎖，亦不會遺失更新。當一部機器不敷應用時，可在前端加設無狀態閘道及訊息匯流排，而核心仍維持單一寫入者——所有成熟的撮合引擎都是這樣做。

        # 4. 賬本
        每個帳戶由擁有人、錢包及資產唯一界定，分為可用結餘及凍結結餘。金額以定點整數儲存，從不使用浮點數；捨入方向一律對交易所有利，且最多相差一個最小單位。每輪隨機測試後，我們都會核實：每種資產所有帳戶的總和等於存入減提取，且沒有任何結餘為負數。由於每條分錄都附有唯一編號，重試的請求永遠不會被重複入賬。

        # 5. 產品
        - 現貨：每個市場一個訂單簿，價格優先、時間優先；支援限價、市價、IOC、FOK 及只做 Maker 訂單；防止自我成交。
        - 永續合約：最高 100 倍槓桿，全倉或逐倉，按標記價格強制平倉，每 8 小時結算資金費。
        - 升跌期權：每期 30 秒至 5 分鐘，以開始及結束時刻的指數價格結算。
        - C2C：透過認證商家以法幣買賣，賣方放幣前幣會由平台託管。
        - 跟單交易、理財產品、礦機及各類獎勵，規則均於應用程式內公佈。

        # 6. 公平的結果
        期權結果只取決於固定時刻的指數價格。平台在價格確定前看不到任何投注，亦沒有任何營運開關可以左右結果。盲盒可證明公平：每次抽獎前，伺服器會先公佈一個秘密種子的雜湊值，抽獎後再公開種子本身，任何人都可以核實結果。

        # 7. 保安
        密碼以 argon2id 雜湊處理；登入權杖隨機產生，並只以雜湊形式保存。獨立的資金密碼及以時間為基礎的雙重驗證碼保障提幣；更改密碼後 24 小時內暫停提幣。營運人員的每項操作都會記錄在審計日誌。

        # 8. 營運與管治
        Bourse 以 MIT 授權條款發佈。部署實例的一方即為營運者：負責設定市場及手續費、審核身份認證及提幣，並須遵守其提供服務所在地的法律。軟件的一切修改均公開提出、公開審閱。

        # 9. 風險
        本白皮書描述的是一套軟件，而非一項投資。買賣數碼資產，尤其是槓桿產品，可能令您損失全部投入。軟件或存在缺陷，本項目不提供任何保證。
      `),
    },
    es: {
      title: 'Libro blanco de Bourse',
      body: dedent(`
        # Resumen
        Bourse es un exchange de activos digitales de código abierto: una app web móvil para traders y el servidor que hay detrás de cada pantalla. Cualquiera puede leer el código, ejecutarlo y comprobar que cada saldo y cada precio que muestra la app los ha calculado el propio exchange.

        # 1. Por qué otro exchange
        Los exchanges centralizados piden a sus usuarios que confíen en sistemas que nadie de fuera puede inspeccionar. Los saldos, los libros de órdenes y los resultados de las apuestas a corto plazo salen de un código que permanece oculto. Bourse hace lo contrario: el motor de casación, el libro contable y las reglas de liquidación son públicos, deterministas y están probados.

        # 2. Principios de diseño
        - Solo datos reales: ninguna pantalla muestra una cifra que el servidor no haya calculado.
        - Un único libro contable: cada cambio de saldo es un asiento de partida doble con una referencia única.
        - Determinismo: el núcleo de negociación no tiene reloj, aleatoriedad ni entrada/salida propios, así que las mismas entradas dan siempre los mismos resultados.
        - Fácil de desplegar: un proceso, un puerto, un archivo de base de datos.

        # 3. Arquitectura
        El servidor está escrito en TypeScript sobre Node.js. Un solo proceso sirve la API, el canal en vivo por WebSocket y la app web, y guarda su estado en SQLite en modo de registro anticipado (WAL). Todas las escrituras se ejecutan como transacciones síncronas en un único hilo: las comprobaciones de una orden, el bloqueo de fondos, la casación y la liquidación ocurren de forma atómica, sin bloqueos y sin actualizaciones perdidas. Cuando una sola máquina no basta, pueden situarse delante pasarelas sin estado y un bus de mensajes, mientras el núcleo sigue teniendo un único escritor, como en cualquier motor de casación serio.

        # 4. El libro contable
        Cada cuenta se identifica por su titular, su billetera y su activo, y tiene un saldo disponible y otro bloqueado. Los importes se guardan como enteros de coma fija, nunca como números de coma flotante, y el redondeo siempre favorece al exchange como máximo en una unidad. Tras cada carga de prueba aleatoria comprobamos que, para cada activo, la suma de todas las cuentas es igual a los depósitos menos los retiros, y que ningún saldo es negativo. Como cada asiento lleva una referencia única, una petición repetida nunca se contabiliza dos veces.

        # 5. Productos
        - Al contado: un libro de órdenes por mercado con prioridad precio-tiempo; órdenes límite, de mercado, IOC, FOK y solo creador; prevención de autonegociación.
        - Contratos perpetuos: apalancamiento de hasta 100×, margen cruzado o aislado, liquidación por precio de marca y financiación cada 8 horas.
        - Opciones de subida/bajada: rondas de 30 segundos a 5 minutos, liquidadas con el precio índice en los instantes de apertura y cierre.
        - C2C: compra y venta con moneda local a comerciantes verificados; las monedas quedan en depósito de garantía hasta que el vendedor las libera.
        - Copy trading, productos de inversión, minería y recompensas, cada uno con sus reglas publicadas en la app.

        # 6. Resultados justos
        El resultado de una opción depende solo del precio índice en instantes fijos. La casa nunca ve una apuesta antes de fijar ese precio, y ningún interruptor del operador puede decidir un resultado. La caja sorpresa es demostrablemente justa: antes de cada sorteo, el servidor publica el hash de una semilla secreta y, después, revela la semilla, de modo que cualquiera puede verificar el resultado.

        # 7. Seguridad
        Las contraseñas se guardan con hash argon2id. Los tokens de sesión son aleatorios y solo se almacenan como hash. Una contraseña de fondos aparte y los códigos temporales de verificación en dos pasos protegen los retiros, y un cambio de contraseña los retiene durante 24 horas. Cada acción de un operador queda anotada en un registro de auditoría.

        # 8. Operadores y gobernanza
        Bourse se publica con licencia MIT. Quien ejecuta una instancia es su operador: configura los mercados y las comisiones, revisa verificaciones de identidad y retiros, y es responsable de cumplir la ley allí donde ofrezca el servicio. Los cambios en el software se proponen y revisan en abierto.

        # 9. Riesgos
        Este documento describe un software, no una inversión. Negociar activos digitales, y sobre todo productos apalancados, puede hacerte perder todo el dinero que comprometas. El software puede contener defectos y el proyecto se ofrece sin garantía.
      `),
    },
    fr: {
      title: 'Livre blanc de Bourse',
      body: dedent(`
        # Résumé
        Bourse est une plateforme d’échange d’actifs numériques open source : une application web mobile pour les traders et le serveur qui alimente chaque écran. Chacun peut lire le code, l’exécuter et vérifier que chaque solde et chaque prix affichés par l’application ont été calculés par la plateforme elle-même.

        # 1. Pourquoi une plateforme de plus
        Les plateformes centralisées demandent à leurs utilisateurs de faire confiance à des systèmes que personne ne peut inspecter de l’extérieur. Soldes, carnets d’ordres et résultats des paris à court terme sont produits par un code qui reste caché. Bourse fait l’inverse : le moteur d’appariement, le registre et les règles de règlement sont publics, déterministes et testés.

        # 2. Principes de conception
        - Uniquement des données réelles : aucun écran n’affiche un chiffre que le serveur n’a pas calculé.
        - Un seul registre : chaque mouvement de solde est une écriture en partie double dotée d’une référence unique.
        - Déterminisme : le cœur de négociation n’a ni horloge, ni aléa, ni entrées-sorties qui lui soient propres ; les mêmes entrées donnent donc toujours les mêmes résultats.
        - Simple à exploiter : un processus, un port, un fichier de base de données.

        # 3. Architecture
        Le serveur est écrit en TypeScript sur Node.js. Un seul processus sert l’API, le canal temps réel WebSocket et l’application web, et conserve son état dans SQLite en mode journal d’écriture anticipée (WAL). Toutes les écritures s’exécutent en transactions synchrones sur un seul fil d’exécution : les contrôles d’un ordre, le gel des fonds, l’appariement et le règlement sont atomiques, sans verrou ni mise à jour perdue. Lorsqu’une seule machine ne suffit plus, on peut placer devant des passerelles sans état et un bus de messages, tandis que le cœur conserve un écrivain unique, comme dans tout moteur d’appariement sérieux.

        # 4. Le registre
        Chaque compte est identifié par son titulaire, son portefeuille et son actif, et dispose d’un solde disponible et d’un solde gelé. Les montants sont stockés en entiers à virgule fixe, jamais en nombres à virgule flottante, et l’arrondi favorise toujours la plateforme d’au plus une unité. Après chaque charge de test aléatoire, nous vérifions que, pour chaque actif, la somme de tous les comptes est égale aux dépôts moins les retraits, et qu’aucun solde n’est négatif. Comme chaque écriture porte une référence unique, une requête renvoyée ne peut jamais être comptabilisée deux fois.

        # 5. Produits
        - Comptant : un carnet d’ordres par marché avec priorité prix-temps ; ordres à cours limité, au marché, IOC, FOK et post-only ; prévention de l’auto-exécution.
        - Contrats perpétuels : effet de levier jusqu’à 100×, marge croisée ou isolée, liquidation au prix de marque, financement toutes les 8 heures.
        - Options hausse/baisse : périodes de 30 secondes à 5 minutes, réglées sur le prix de l’indice aux instants d’ouverture et de clôture.
        - C2C : achat et vente en monnaie locale auprès de marchands vérifiés ; les cryptomonnaies restent sous séquestre jusqu’à ce que le vendeur les libère.
        - Copy trading, produits d’épargne, minage et récompenses, chacun avec ses règles publiées dans l’application.

        # 6. Des résultats équitables
        Le résultat d’une option ne dépend que du prix de l’indice à des instants fixés. La plateforme ne voit jamais un pari avant que ce prix ne soit fixé, et aucun interrupteur de l’opérateur ne peut décider d’un résultat. La boîte mystère est équitable de manière vérifiable : avant chaque tirage, le serveur publie l’empreinte d’une graine secrète, puis révèle la graine après le tirage, afin que chacun puisse vérifier le résultat.

        # 7. Sécurité
        Les mots de passe sont hachés avec argon2id. Les jetons de connexion sont aléatoires et conservés uniquement sous forme d’empreinte. Un mot de passe des fonds distinct et des codes de validation en deux étapes basés sur le temps protègent les retraits, et un changement de mot de passe bloque les retraits pendant 24 heures. Chaque action d’un opérateur est inscrite dans un journal d’audit.

        # 8. Opérateurs et gouvernance
        Bourse est publié sous licence MIT. Quiconque exploite une instance en est l’opérateur : il configure les marchés et les frais, examine les vérifications d’identité et les retraits, et doit respecter la loi partout où il propose le service. Les évolutions du logiciel sont proposées et examinées publiquement.

        # 9. Risques
        Ce document décrit un logiciel, pas un investissement. La négociation d’actifs numériques, et surtout de produits à effet de levier, peut vous faire perdre tout l’argent engagé. Le logiciel peut comporter des défauts et le projet est fourni sans garantie.
      `),
    },
  },
};
