import type { DepositStatus, Wallet, WithdrawalStatus } from '@bourse/contract';
import type { Db } from '../../db/database';

/** Every integer column is read as bigint (money can exceed 2^53); `int()` turns ids and times back into numbers. */
type Int = bigint;

/** What entered (deposits credited) and left (withdrawals sent) per asset: the ledger is reconciled against these. */
export const FLOW_QUERIES = {
  deposited: 'SELECT SUM(amount) AS total FROM wallet_deposits WHERE asset = ? AND credited_at IS NOT NULL',
  withdrawn: "SELECT SUM(amount) AS total FROM wallet_withdrawals WHERE asset = ? AND status = 'succeeded'",
} as const;

export function int(value: Int | number): number {
  return Number(value);
}

export function intOrNull(value: Int | number | null): number | null {
  return value === null ? null : Number(value);
}

export interface NetworkRow {
  asset: string;
  network: string;
  deposit_enabled: Int;
  withdraw_enabled: Int;
  deposit_min: Int;
  withdraw_fee: Int;
  withdraw_min: Int;
  withdraw_max: Int | null;
  withdraw_precision: Int;
  deposit_confirmations: Int;
  deposit_done_confirmations: Int;
  withdraw_confirmations: Int;
  sort: Int;
}

export interface DepositRow {
  id: Int;
  uid: Int;
  asset: string;
  network: string;
  address: string;
  tx_hash: string;
  output_index: Int;
  amount: Int;
  confirmations: Int;
  status: DepositStatus;
  created_at: Int;
  credited_at: Int | null;
  done_at: Int | null;
}

export interface WithdrawalRow {
  id: Int;
  uid: Int;
  asset: string;
  network: string;
  address: string;
  amount: Int;
  fee: Int;
  remark: string | null;
  status: WithdrawalStatus;
  tx_hash: string | null;
  confirmations: Int;
  reject_reason: string | null;
  fail_reason: string | null;
  request_id: string | null;
  reviewed_by: Int | null;
  reviewed_at: Int | null;
  /** 2: above the operators' amount, two different operators approve (maker-checker). */
  approvals_required: Int;
  first_reviewed_by: Int | null;
  first_reviewed_at: Int | null;
  created_at: Int;
  updated_at: Int;
}

export interface AddressBookRow {
  id: Int;
  uid: Int;
  asset: string;
  network: string;
  address: string;
  label: string;
  created_at: Int;
  changed_at: Int;
}

export interface TransferRow {
  id: Int;
  uid: Int;
  asset: string;
  from_wallet: Wallet;
  to_wallet: Wallet;
  amount: Int;
  created_at: Int;
}

export interface FlashRow {
  id: Int;
  from_uid: Int;
  to_uid: Int;
  asset: string;
  amount: Int;
  remark: string | null;
  created_at: Int;
}

export interface NetworkUpdate {
  deposit_enabled: number;
  withdraw_enabled: number;
  deposit_min: bigint;
  withdraw_fee: bigint;
  withdraw_min: bigint;
  withdraw_max: bigint | null;
  withdraw_precision: number;
  deposit_confirmations: number;
  deposit_done_confirmations: number;
  withdraw_confirmations: number;
}

interface UserPage {
  uid: number;
  asset: string | null;
  limit: number;
  offset: number;
}

interface AdminPage {
  status: string | null;
  uid: number | null;
  limit: number;
  offset: number;
}

/** SQL for the wallet's tables; nothing outside this module touches them. */
export function createWalletRepo(db: Db) {
  const big = <P extends unknown[], R>(sql: string) => db.prepare<P, R>(sql).safeIntegers(true);
  const q = {
    withdrawnSince: big<[number, number], { asset: string; amount: bigint }>(
      `SELECT asset, SUM(amount) AS amount FROM wallet_withdrawals
       WHERE uid = ? AND created_at >= ? AND status NOT IN ('failed', 'rejected', 'cancelled') GROUP BY asset`,
    ),
    networks: big<[], NetworkRow>('SELECT * FROM wallet_networks ORDER BY asset, sort, network'),
    network: big<[string, string], NetworkRow>('SELECT * FROM wallet_networks WHERE asset = ? AND network = ?'),
    networkCodes: db.prepare<[], { network: string }>('SELECT DISTINCT network FROM wallet_networks ORDER BY network'),
    insertNetwork: db.prepare(
      `INSERT OR IGNORE INTO wallet_networks (asset, network, deposit_min, withdraw_fee, withdraw_min, withdraw_max,
         withdraw_precision, deposit_confirmations, deposit_done_confirmations, withdraw_confirmations, sort, updated_at)
       VALUES (@asset, @network, @deposit_min, @withdraw_fee, @withdraw_min, @withdraw_max, @withdraw_precision,
         @deposit_confirmations, @deposit_done_confirmations, @withdraw_confirmations, @sort, @updated_at)`,
    ),
    updateNetwork: db.prepare(
      `UPDATE wallet_networks SET deposit_enabled = @deposit_enabled, withdraw_enabled = @withdraw_enabled,
         deposit_min = @deposit_min, withdraw_fee = @withdraw_fee, withdraw_min = @withdraw_min,
         withdraw_max = @withdraw_max, withdraw_precision = @withdraw_precision,
         deposit_confirmations = @deposit_confirmations, deposit_done_confirmations = @deposit_done_confirmations,
         withdraw_confirmations = @withdraw_confirmations, updated_at = @updated_at
       WHERE asset = @asset AND network = @network`,
    ),

    address: db.prepare<[number, string], { address: string }>(
      'SELECT address FROM wallet_deposit_addresses WHERE uid = ? AND network = ?',
    ),
    insertAddress: db.prepare(
      'INSERT OR IGNORE INTO wallet_deposit_addresses (uid, network, address, created_at) VALUES (?, ?, ?, ?)',
    ),
    addressOwner: db.prepare<[string, string], { uid: number }>(
      'SELECT uid FROM wallet_deposit_addresses WHERE network = ? AND address = ?',
    ),
    isOwnAddress: db.prepare<[number, string], { one: number }>(
      'SELECT 1 AS one FROM wallet_deposit_addresses WHERE uid = ? AND address = ? LIMIT 1',
    ),

    insertDeposit: db.prepare(
      `INSERT OR IGNORE INTO wallet_deposits (uid, asset, network, address, tx_hash, output_index, amount, confirmations,
         status, created_at)
       VALUES (@uid, @asset, @network, @address, @tx_hash, @output_index, @amount, @confirmations, @status, @created_at)`,
    ),
    deposit: big<[number], DepositRow>('SELECT * FROM wallet_deposits WHERE id = ?'),
    openDeposits: big<[], DepositRow>(
      "SELECT * FROM wallet_deposits WHERE status IN ('pending', 'credited') ORDER BY id",
    ),
    setDepositProgress: db.prepare(
      `UPDATE wallet_deposits SET confirmations = @confirmations, status = @status, credited_at = @credited_at,
         done_at = @done_at WHERE id = @id`,
    ),
    userDeposits: big<[UserPage], DepositRow>(
      `SELECT * FROM wallet_deposits WHERE uid = @uid AND (@asset IS NULL OR asset = @asset)
       ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`,
    ),
    countUserDeposits: db.prepare<[UserPage], { n: number }>(
      'SELECT COUNT(*) AS n FROM wallet_deposits WHERE uid = @uid AND (@asset IS NULL OR asset = @asset)',
    ),
    creditedSum: big<[string], { total: Int | null }>(FLOW_QUERIES.deposited),

    insertWithdrawal: db.prepare(
      `INSERT INTO wallet_withdrawals (uid, asset, network, address, amount, fee, remark, status, request_id,
         approvals_required, created_at, updated_at)
       VALUES (@uid, @asset, @network, @address, @amount, @fee, @remark, 'review', @request_id, @approvals_required,
         @now, @now)`,
    ),
    firstReview: db.prepare(
      `UPDATE wallet_withdrawals SET first_reviewed_by = ?, first_reviewed_at = ?, updated_at = ?
       WHERE id = ? AND status = 'review' AND first_reviewed_by IS NULL`,
    ),
    setting: db.prepare<[string], { value: string | null }>('SELECT value FROM wallet_settings WHERE key = ?'),
    putSetting: db.prepare(
      `INSERT INTO wallet_settings (key, value, updated_by, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_by = excluded.updated_by,
         updated_at = excluded.updated_at`,
    ),
    userWithdrawalsTo: db.prepare<[number, string, number], { n: number; first: number | null }>(
      `SELECT COUNT(*) AS n, MIN(created_at) AS first FROM wallet_withdrawals
       WHERE uid = ? AND address = ? AND status = 'succeeded' AND id <> ?`,
    ),
    othersWithdrawalsTo: db.prepare<[number, string], { n: number }>(
      'SELECT COUNT(DISTINCT uid) AS n FROM wallet_withdrawals WHERE uid <> ? AND address = ?',
    ),
    depositsSince: big<[number, number], { asset: string; n: Int; total: Int }>(
      `SELECT asset, COUNT(*) AS n, SUM(amount) AS total FROM wallet_deposits
       WHERE uid = ? AND created_at >= ? AND status IN ('credited', 'done') GROUP BY asset ORDER BY asset`,
    ),
    lastDepositAt: db.prepare<[number], { at: number | null }>(
      "SELECT MAX(created_at) AS at FROM wallet_deposits WHERE uid = ? AND status IN ('credited', 'done')",
    ),
    depositsFrom: big<[number], { asset: string; n: Int; total: Int }>(
      `SELECT asset, COUNT(*) AS n, SUM(amount) AS total FROM wallet_deposits
       WHERE created_at >= ? AND status IN ('credited', 'done') GROUP BY asset ORDER BY asset`,
    ),
    withdrawalsFrom: big<[number], { asset: string; n: Int; total: Int }>(
      `SELECT asset, COUNT(*) AS n, SUM(amount) AS total FROM wallet_withdrawals
       WHERE created_at >= ? AND status NOT IN ('rejected', 'cancelled', 'failed') GROUP BY asset ORDER BY asset`,
    ),
    depositCount: db.prepare<[number], { n: number }>(
      "SELECT COUNT(*) AS n FROM wallet_deposits WHERE uid = ? AND status IN ('credited', 'done')",
    ),
    withdrawal: big<[number], WithdrawalRow>('SELECT * FROM wallet_withdrawals WHERE id = ?'),
    withdrawalsIn: big<[string], WithdrawalRow>('SELECT * FROM wallet_withdrawals WHERE status = ? ORDER BY id'),
    // Every state change names the state it leaves, so a change that lost a race changes nothing.
    moveWithdrawal: db.prepare(
      `UPDATE wallet_withdrawals SET status = @to, updated_at = @now,
         reviewed_by = COALESCE(@reviewed_by, reviewed_by), reviewed_at = COALESCE(@reviewed_at, reviewed_at),
         reject_reason = COALESCE(@reject_reason, reject_reason), fail_reason = COALESCE(@fail_reason, fail_reason),
         tx_hash = COALESCE(@tx_hash, tx_hash), confirmations = COALESCE(@confirmations, confirmations)
       WHERE id = @id AND status = @from`,
    ),
    userWithdrawals: big<[UserPage], WithdrawalRow>(
      `SELECT * FROM wallet_withdrawals WHERE uid = @uid AND (@asset IS NULL OR asset = @asset)
       ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`,
    ),
    countUserWithdrawals: db.prepare<[UserPage], { n: number }>(
      'SELECT COUNT(*) AS n FROM wallet_withdrawals WHERE uid = @uid AND (@asset IS NULL OR asset = @asset)',
    ),
    adminWithdrawals: big<[AdminPage], WithdrawalRow>(
      `SELECT * FROM wallet_withdrawals WHERE (@status IS NULL OR status = @status) AND (@uid IS NULL OR uid = @uid)
       ORDER BY id DESC LIMIT @limit OFFSET @offset`,
    ),
    adminWithdrawalsOldest: big<[AdminPage], WithdrawalRow>(
      `SELECT * FROM wallet_withdrawals WHERE (@status IS NULL OR status = @status) AND (@uid IS NULL OR uid = @uid)
       ORDER BY id LIMIT @limit OFFSET @offset`,
    ),
    adminDeposits: big<[AdminPage], DepositRow>(
      `SELECT * FROM wallet_deposits WHERE (@status IS NULL OR status = @status) AND (@uid IS NULL OR uid = @uid)
       ORDER BY id DESC LIMIT @limit OFFSET @offset`,
    ),
    countAdminDeposits: db.prepare<[AdminPage], { n: number }>(
      `SELECT COUNT(*) AS n FROM wallet_deposits
       WHERE (@status IS NULL OR status = @status) AND (@uid IS NULL OR uid = @uid)`,
    ),
    countAdminWithdrawals: db.prepare<[AdminPage], { n: number }>(
      `SELECT COUNT(*) AS n FROM wallet_withdrawals
       WHERE (@status IS NULL OR status = @status) AND (@uid IS NULL OR uid = @uid)`,
    ),
    withdrawalRequest: db.prepare<[number, string], { id: number }>(
      'SELECT id FROM wallet_withdrawals WHERE uid = ? AND request_id = ?',
    ),
    succeededSum: big<[string], { total: Int | null }>(FLOW_QUERIES.withdrawn),

    addressBook: big<[{ uid: number; asset: string | null }], AddressBookRow>(
      `SELECT * FROM wallet_address_book WHERE uid = @uid AND deleted_at IS NULL AND (@asset IS NULL OR asset = @asset)
       ORDER BY changed_at DESC, id DESC`,
    ),
    addressBookEntry: big<[number], AddressBookRow & { deleted_at: Int | null }>(
      'SELECT * FROM wallet_address_book WHERE id = ?',
    ),
    addressBookCount: db.prepare<[number], { n: number }>(
      'SELECT COUNT(*) AS n FROM wallet_address_book WHERE uid = ? AND deleted_at IS NULL',
    ),
    addressBookHas: db.prepare<[number, string, string, string, number], { id: number }>(
      `SELECT id FROM wallet_address_book
       WHERE uid = ? AND asset = ? AND network = ? AND address = ? AND deleted_at IS NULL AND id <> ?`,
    ),
    addressBookChanged: db.prepare<[number], { at: number | null }>(
      'SELECT MAX(changed_at) AS at FROM wallet_address_book WHERE uid = ?',
    ),
    insertAddressBook: db.prepare(
      `INSERT INTO wallet_address_book (uid, asset, network, address, label, created_at, changed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    updateAddressBook: db.prepare(
      'UPDATE wallet_address_book SET address = ?, label = ?, changed_at = ? WHERE id = ? AND deleted_at IS NULL',
    ),
    deleteAddressBook: db.prepare(
      'UPDATE wallet_address_book SET deleted_at = ? WHERE id = ? AND uid = ? AND deleted_at IS NULL',
    ),

    insertTransfer: db.prepare(
      `INSERT INTO wallet_transfers (uid, asset, from_wallet, to_wallet, amount, request_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    transfer: big<[number], TransferRow>('SELECT * FROM wallet_transfers WHERE id = ?'),
    transferRequest: db.prepare<[number, string], { id: number }>(
      'SELECT id FROM wallet_transfers WHERE uid = ? AND request_id = ?',
    ),
    insertFlash: db.prepare(
      `INSERT INTO wallet_flash_transfers (from_uid, to_uid, asset, amount, remark, request_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    flash: big<[number], FlashRow>('SELECT * FROM wallet_flash_transfers WHERE id = ?'),
    flashRequest: db.prepare<[number, string], { id: number }>(
      'SELECT id FROM wallet_flash_transfers WHERE from_uid = ? AND request_id = ?',
    ),

    cursor: db.prepare<[string], { cursor: string }>('SELECT cursor FROM wallet_chain_cursors WHERE network = ?'),
    setCursor: db.prepare(
      `INSERT INTO wallet_chain_cursors (network, cursor, updated_at) VALUES (?, ?, ?)
       ON CONFLICT(network) DO UPDATE SET cursor = excluded.cursor, updated_at = excluded.updated_at`,
    ),
  };

  return {
    /** What a user withdrew (or has on its way) since `since`, by asset: the 24-hour limit counts it. */
    withdrawnSince: (uid: number, since: number) => q.withdrawnSince.all(uid, since),
    networks: () => q.networks.all(),
    network: (asset: string, network: string) => q.network.get(asset, network),
    networkCodes: () => q.networkCodes.all().map((r) => r.network),
    insertNetworkIfMissing: (
      row: Omit<NetworkUpdate, 'deposit_enabled' | 'withdraw_enabled'> & {
        asset: string;
        network: string;
        sort: number;
        updated_at: number;
      },
    ) => q.insertNetwork.run(row).changes === 1,
    updateNetwork: (asset: string, network: string, update: NetworkUpdate, now: number) =>
      q.updateNetwork.run({ ...update, asset, network, updated_at: now }),

    depositAddress: (uid: number, network: string) => q.address.get(uid, network)?.address,
    insertDepositAddress: (uid: number, network: string, address: string, now: number) =>
      q.insertAddress.run(uid, network, address, now),
    addressOwner: (network: string, address: string) => q.addressOwner.get(network, address)?.uid,
    isOwnAddress: (uid: number, address: string) => q.isOwnAddress.get(uid, address) !== undefined,

    insertDeposit: (row: {
      uid: number;
      asset: string;
      network: string;
      address: string;
      tx_hash: string;
      output_index: number;
      amount: bigint;
      confirmations: number;
      status: DepositStatus;
      created_at: number;
    }) => q.insertDeposit.run(row).changes === 1,
    deposit: (id: number) => q.deposit.get(id),
    openDeposits: () => q.openDeposits.all(),
    setDepositProgress: (row: {
      id: number;
      confirmations: number;
      status: DepositStatus;
      credited_at: number | null;
      done_at: number | null;
    }) => q.setDepositProgress.run(row),
    userDeposits: (uid: number, asset: string | null, limit: number, offset: number) => ({
      rows: q.userDeposits.all({ uid, asset, limit, offset }),
      total: q.countUserDeposits.get({ uid, asset, limit, offset })?.n ?? 0,
    }),
    creditedSum: (asset: string) => q.creditedSum.get(asset)?.total ?? 0n,

    insertWithdrawal: (row: {
      uid: number;
      asset: string;
      network: string;
      address: string;
      amount: bigint;
      fee: bigint;
      remark: string | null;
      request_id: string | null;
      approvals_required: 1 | 2;
      now: number;
    }) => Number(q.insertWithdrawal.run(row).lastInsertRowid),
    /** Records the first of two approvals; false when another got there first. */
    firstReview: (id: number, operatorId: number, now: number) =>
      q.firstReview.run(operatorId, now, now, id).changes === 1,
    setting: (key: string) => q.setting.get(key)?.value ?? null,
    putSetting: (key: string, value: string | null, operatorId: number, now: number) =>
      q.putSetting.run(key, value, operatorId, now),
    addressHistory: (uid: number, address: string, exceptId: number) => ({
      own: q.userWithdrawalsTo.get(uid, address, exceptId) ?? { n: 0, first: null },
      otherUsers: q.othersWithdrawalsTo.get(uid, address)?.n ?? 0,
    }),
    depositsSince: (uid: number, since: number) => q.depositsSince.all(uid, since),
    depositCount: (uid: number) => q.depositCount.get(uid)?.n ?? 0,
    /** Every user's deposits (credited) and withdrawals (still going or done) since a time, per coin. */
    flowsFrom: (since: number) => ({ deposits: q.depositsFrom.all(since), withdrawals: q.withdrawalsFrom.all(since) }),
    lastDepositAt: (uid: number) => q.lastDepositAt.get(uid)?.at ?? null,
    withdrawal: (id: number) => q.withdrawal.get(id),
    withdrawalsIn: (status: WithdrawalStatus) => q.withdrawalsIn.all(status),
    moveWithdrawal: (change: {
      id: number;
      from: WithdrawalStatus;
      to: WithdrawalStatus;
      now: number;
      reviewed_by?: number;
      reviewed_at?: number;
      reject_reason?: string;
      fail_reason?: string;
      tx_hash?: string;
      confirmations?: number;
    }) =>
      q.moveWithdrawal.run({
        reviewed_by: null,
        reviewed_at: null,
        reject_reason: null,
        fail_reason: null,
        tx_hash: null,
        confirmations: null,
        ...change,
      }).changes === 1,
    userWithdrawals: (uid: number, asset: string | null, limit: number, offset: number) => ({
      rows: q.userWithdrawals.all({ uid, asset, limit, offset }),
      total: q.countUserWithdrawals.get({ uid, asset, limit, offset })?.n ?? 0,
    }),
    adminWithdrawals: (
      status: string | null,
      uid: number | null,
      limit: number,
      offset: number,
      order: 'newest' | 'oldest' = 'newest',
    ) => ({
      rows: (order === 'oldest' ? q.adminWithdrawalsOldest : q.adminWithdrawals).all({ status, uid, limit, offset }),
      total: q.countAdminWithdrawals.get({ status, uid, limit, offset })?.n ?? 0,
    }),
    adminDeposits: (status: string | null, uid: number | null, limit: number, offset: number) => ({
      rows: q.adminDeposits.all({ status, uid, limit, offset }),
      total: q.countAdminDeposits.get({ status, uid, limit, offset })?.n ?? 0,
    }),
    withdrawalRequestExists: (uid: number, requestId: string) => q.withdrawalRequest.get(uid, requestId) !== undefined,
    succeededSum: (asset: string) => q.succeededSum.get(asset)?.total ?? 0n,

    addressBook: (uid: number, asset: string | null) => q.addressBook.all({ uid, asset }),
    addressBookEntry: (id: number) => q.addressBookEntry.get(id),
    addressBookCount: (uid: number) => q.addressBookCount.get(uid)?.n ?? 0,
    addressBookHas: (uid: number, asset: string, network: string, address: string, exceptId = 0) =>
      q.addressBookHas.get(uid, asset, network, address, exceptId) !== undefined,
    addressBookChangedAt: (uid: number) => q.addressBookChanged.get(uid)?.at ?? null,
    insertAddressBook: (uid: number, asset: string, network: string, address: string, label: string, now: number) =>
      Number(q.insertAddressBook.run(uid, asset, network, address, label, now, now).lastInsertRowid),
    updateAddressBook: (id: number, address: string, label: string, now: number) =>
      q.updateAddressBook.run(address, label, now, id).changes === 1,
    deleteAddressBook: (uid: number, id: number, now: number) => q.deleteAddressBook.run(now, id, uid).changes === 1,

    insertTransfer: (
      uid: number,
      asset: string,
      from: Wallet,
      to: Wallet,
      amount: bigint,
      requestId: string | null,
      now: number,
    ) => Number(q.insertTransfer.run(uid, asset, from, to, amount, requestId, now).lastInsertRowid),
    transfer: (id: number) => q.transfer.get(id),
    transferRequestExists: (uid: number, requestId: string) => q.transferRequest.get(uid, requestId) !== undefined,
    insertFlash: (
      fromUid: number,
      toUid: number,
      asset: string,
      amount: bigint,
      remark: string | null,
      requestId: string | null,
      now: number,
    ) => Number(q.insertFlash.run(fromUid, toUid, asset, amount, remark, requestId, now).lastInsertRowid),
    flash: (id: number) => q.flash.get(id),
    flashRequestExists: (uid: number, requestId: string) => q.flashRequest.get(uid, requestId) !== undefined,

    cursor: (network: string) => q.cursor.get(network)?.cursor ?? null,
    setCursor: (network: string, cursor: string, now: number) => q.setCursor.run(network, cursor, now),
  };
}

export type WalletRepo = ReturnType<typeof createWalletRepo>;
