/** Package comments: a page of them with their authors, and the writes. */
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { CommentList, PackageComment } from '@shared/types'
import type { DB } from './client'
import { pageInfo, pageOffset } from './paging'
import { packageComments, users } from './schema'

export type CommentRow = typeof packageComments.$inferSelect

function commentsQuery(db: DB) {
  return db
    .select({
      id: packageComments.id,
      content: packageComments.content,
      authorName: packageComments.authorName,
      userId: packageComments.userId,
      createdAt: packageComments.createdAt,
      username: users.login,
      avatarUrl: users.avatarUrl,
    })
    .from(packageComments)
    .leftJoin(users, eq(users.id, packageComments.userId))
}

type Row = Awaited<ReturnType<typeof commentsQuery>>[number]

function toComment({ username, avatarUrl, ...c }: Row, canDelete: boolean): PackageComment {
  return { ...c, user: username ? { username, avatarUrl } : null, canDelete }
}

// The rowid breaks ties between comments posted in the same millisecond, in posting order.
const rowid = sql`${packageComments}.rowid`

/**
 * One page of a package's comments, newest or oldest first; `canDelete` says, per comment,
 * whether the caller may delete it.
 */
export async function listComments(
  db: DB,
  packageId: string,
  opts: { sortBy: 'newest' | 'oldest'; page: number; limit: number },
  canDelete: (comment: Pick<CommentRow, 'userId'>) => boolean,
): Promise<CommentList> {
  const order = opts.sortBy === 'newest' ? [desc(packageComments.createdAt), desc(rowid)] : [asc(packageComments.createdAt), asc(rowid)]
  const [rows, count] = await db.batch([
    commentsQuery(db)
      .where(eq(packageComments.packageId, packageId))
      .orderBy(...order)
      .limit(opts.limit)
      .offset(pageOffset(opts)),
    db.select({ n: sql<number>`count(*)` }).from(packageComments).where(eq(packageComments.packageId, packageId)),
  ])
  return { comments: rows.map((r) => toComment(r, canDelete(r))), ...pageInfo(count[0]?.n ?? 0, opts) }
}

/** Posts a comment: under an account (`userId`) or as a guest (`authorName`). */
export async function addComment(
  db: DB,
  input: { packageId: string; content: string; userId: string | null; authorName: string | null },
): Promise<PackageComment> {
  const id = crypto.randomUUID()
  const [, rows] = await db.batch([
    db.insert(packageComments).values({ id, ...input }),
    commentsQuery(db).where(eq(packageComments.id, id)),
  ])
  // Whoever just posted it may delete it: the author (a guest cannot delete anything).
  return toComment(rows[0], input.userId !== null)
}

/** A comment of this package, or null. */
export async function findComment(db: DB, packageId: string, commentId: string): Promise<CommentRow | null> {
  const [row] = await db
    .select()
    .from(packageComments)
    .where(and(eq(packageComments.id, commentId), eq(packageComments.packageId, packageId)))
    .limit(1)
  return row ?? null
}

export async function deleteComment(db: DB, commentId: string): Promise<void> {
  await db.delete(packageComments).where(eq(packageComments.id, commentId))
}
