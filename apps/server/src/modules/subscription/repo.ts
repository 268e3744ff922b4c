import type { Db } from '../../db/database';

/** Every integer column is read as bigint (money may exceed 2^53); ids and times are turned back with `Number`. */
type Int = bigint;

export interface ProjectRow {
  id: Int;
  token: string;
  token_name: string;
  quote: string;
  price: Int;
  supply: Int;
  starts_at: Int;
  ends_at: Int;
  min_commit: Int;
  max_commit: Int;
  intro: string;
  paused: Int;
  committed: Int;
  applicants: Int;
  allocated: Int;
  raised: Int;
  refunded: Int;
  settled_at: Int | null;
  cancelled_at: Int | null;
  created_at: Int;
  updated_at: Int;
}

export type ApplicationState = 'pending' | 'allocated' | 'withdrawn' | 'refunded';

export interface ApplicationRow {
  id: Int;
  project_id: Int;
  uid: Int;
  amount: Int;
  state: ApplicationState;
  allocation: Int | null;
  cost: Int | null;
  refund: Int | null;
  created_at: Int;
  settled_at: Int | null;
}

export type NewProject = Omit<
  ProjectRow,
  'id' | 'committed' | 'applicants' | 'allocated' | 'raised' | 'refunded' | 'settled_at' | 'cancelled_at'
>;

export type ProjectTerms = Pick<
  ProjectRow,
  | 'id'
  | 'token_name'
  | 'price'
  | 'supply'
  | 'starts_at'
  | 'ends_at'
  | 'min_commit'
  | 'max_commit'
  | 'intro'
  | 'paused'
  | 'updated_at'
>;

/** SQL for the subscription tables; nothing outside this module touches them. */
export function createSubscriptionRepo(db: Db) {
  const big = <P extends unknown[], R>(sql: string) => db.prepare<P, R>(sql).safeIntegers(true);
  const q = {
    projects: big<[], ProjectRow>(
      `SELECT * FROM subscription_projects
       ORDER BY (settled_at IS NOT NULL OR cancelled_at IS NOT NULL), ends_at DESC, id DESC`,
    ),
    project: big<[number], ProjectRow>('SELECT * FROM subscription_projects WHERE id = ?'),
    insertProject: db.prepare<NewProject>(
      `INSERT INTO subscription_projects (token, token_name, quote, price, supply, starts_at, ends_at, min_commit,
         max_commit, intro, paused, created_at, updated_at)
       VALUES (@token, @token_name, @quote, @price, @supply, @starts_at, @ends_at, @min_commit, @max_commit, @intro,
         @paused, @created_at, @updated_at)`,
    ),
    updateTerms: db.prepare<ProjectTerms>(
      `UPDATE subscription_projects SET token_name = @token_name, price = @price, supply = @supply,
         starts_at = @starts_at, ends_at = @ends_at, min_commit = @min_commit, max_commit = @max_commit,
         intro = @intro, paused = @paused, updated_at = @updated_at
       WHERE id = @id AND settled_at IS NULL AND cancelled_at IS NULL`,
    ),
    due: big<[number], ProjectRow>(
      `SELECT * FROM subscription_projects
       WHERE settled_at IS NULL AND cancelled_at IS NULL AND ends_at <= ? ORDER BY ends_at, id`,
    ),
    addCommitment: db.prepare<[bigint, number, number]>(
      'UPDATE subscription_projects SET committed = committed + ?, applicants = applicants + ? WHERE id = ?',
    ),
    addSettled: db.prepare<[bigint, bigint, bigint, number]>(
      `UPDATE subscription_projects SET allocated = allocated + ?, raised = raised + ?, refunded = refunded + ?
       WHERE id = ?`,
    ),
    markSettled: db.prepare<[number, number]>(
      'UPDATE subscription_projects SET settled_at = ? WHERE id = ? AND settled_at IS NULL AND cancelled_at IS NULL',
    ),
    markCancelled: db.prepare<[number, number, number]>(
      `UPDATE subscription_projects SET cancelled_at = ?, updated_at = ?
       WHERE id = ? AND settled_at IS NULL AND cancelled_at IS NULL`,
    ),
    insertApplication: db.prepare<[number, number, bigint, number]>(
      'INSERT INTO subscription_applications (project_id, uid, amount, created_at) VALUES (?, ?, ?, ?)',
    ),
    application: big<[number], ApplicationRow>('SELECT * FROM subscription_applications WHERE id = ?'),
    active: big<[number, number], ApplicationRow>(
      `SELECT * FROM subscription_applications WHERE project_id = ? AND uid = ? AND state IN ('pending', 'allocated')`,
    ),
    pending: big<[number, number], ApplicationRow>(
      "SELECT * FROM subscription_applications WHERE project_id = ? AND state = 'pending' ORDER BY id LIMIT ?",
    ),
    pendingCount: db
      .prepare<[number], number>(
        "SELECT COUNT(*) FROM subscription_applications WHERE project_id = ? AND state = 'pending'",
      )
      .pluck(),
    allocate: db.prepare<[bigint, bigint, bigint, number, number]>(
      `UPDATE subscription_applications SET state = 'allocated', allocation = ?, cost = ?, refund = ?, settled_at = ?
       WHERE id = ? AND state = 'pending'`,
    ),
    close: db.prepare<[string, number, number]>(
      "UPDATE subscription_applications SET state = ?, settled_at = ? WHERE id = ? AND state = 'pending'",
    ),
    userApplications: big<[{ uid: number; project: number; limit: number; offset: number }], ApplicationRow>(
      `SELECT * FROM subscription_applications WHERE uid = @uid AND (@project = 0 OR project_id = @project)
       ORDER BY id DESC LIMIT @limit OFFSET @offset`,
    ),
    userApplicationCount: db
      .prepare<[{ uid: number; project: number }], number>(
        'SELECT COUNT(*) FROM subscription_applications WHERE uid = @uid AND (@project = 0 OR project_id = @project)',
      )
      .pluck(),
    projectApplications: big<[{ project: number; uid: number; limit: number; offset: number }], ApplicationRow>(
      `SELECT * FROM subscription_applications WHERE project_id = @project AND (@uid = 0 OR uid = @uid)
       ORDER BY amount DESC, id LIMIT @limit OFFSET @offset`,
    ),
    projectApplicationCount: db
      .prepare<[{ project: number; uid: number }], number>(
        'SELECT COUNT(*) FROM subscription_applications WHERE project_id = @project AND (@uid = 0 OR uid = @uid)',
      )
      .pluck(),
  };

  return {
    projects: () => q.projects.all(),
    project: (id: number) => q.project.get(id),
    insertProject: (row: NewProject) => Number(q.insertProject.run(row).lastInsertRowid),
    updateTerms: (row: ProjectTerms) => q.updateTerms.run(row).changes === 1,
    due: (at: number) => q.due.all(at),
    addCommitment: (projectId: number, amount: bigint, applicants: number) =>
      q.addCommitment.run(amount, applicants, projectId),
    addSettled: (projectId: number, tokens: bigint, cost: bigint, refund: bigint) =>
      q.addSettled.run(tokens, cost, refund, projectId),
    markSettled: (projectId: number, at: number) => q.markSettled.run(at, projectId).changes === 1,
    markCancelled: (projectId: number, at: number) => q.markCancelled.run(at, at, projectId).changes === 1,
    insertApplication: (projectId: number, uid: number, amount: bigint, at: number) =>
      Number(q.insertApplication.run(projectId, uid, amount, at).lastInsertRowid),
    application: (id: number) => q.application.get(id),
    active: (projectId: number, uid: number) => q.active.get(projectId, uid),
    pending: (projectId: number, limit: number) => q.pending.all(projectId, limit),
    pendingCount: (projectId: number) => q.pendingCount.get(projectId) ?? 0,
    allocate: (id: number, tokens: bigint, cost: bigint, refund: bigint, at: number) =>
      q.allocate.run(tokens, cost, refund, at, id).changes === 1,
    close: (id: number, state: 'withdrawn' | 'refunded', at: number) => q.close.run(state, at, id).changes === 1,
    userApplications: (uid: number, project: number, limit: number, offset: number) => ({
      rows: q.userApplications.all({ uid, project, limit, offset }),
      total: q.userApplicationCount.get({ uid, project }) ?? 0,
    }),
    projectApplications: (project: number, uid: number, limit: number, offset: number) => ({
      rows: q.projectApplications.all({ project, uid, limit, offset }),
      total: q.projectApplicationCount.get({ project, uid }) ?? 0,
    }),
  };
}

export type SubscriptionRepo = ReturnType<typeof createSubscriptionRepo>;
