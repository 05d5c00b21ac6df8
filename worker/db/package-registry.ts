/**
 * A package's registry (docs/package-registries.md): everything its /v0.1 answers and allowlists
 * need, in one batch: the package (who may read it, its key revision), its servers as the registry
 * API reads listings (db/registry.ts's columns), the versions the sync stored of them, and the
 * package versions they install that the supply-chain watch scored High. Which version of each is
 * served is decided in lib/package-registry.ts. The owner's writes: a server's pin and the key's
 * revision.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { highKey, type ScopeServer } from '../lib/package-registry'
import type { RegistryVersion } from '../lib/render/registry-api'
import type { DB } from './client'
import { columns, isFeatured, type Row, SERVABLE, toListing, versionColumns } from './registry'
import { listingPackages, packageServers, packages, packageVersions, servers, serverVersions, watchedPackages } from './schema'

/** What a package's registry is read as. */
export interface PackageScope {
  pkg: { id: string; name: string; userId: string; isPublic: boolean; registryKeyRev: number }
  servers: ScopeServer[]
  /** The versions the sync stored, by server id. */
  stored: Map<string, RegistryVersion[]>
  /** The package versions scored High that the package's servers install, as lib/package-registry.ts's highKey. */
  high: Set<string>
}

/** The ids of the package's servers, as a subquery. */
const serverIdsOf = (packageId: string) =>
  sql`(SELECT ${packageServers.serverId} FROM ${packageServers} WHERE ${packageServers.packageId} = ${packageId})`

/**
 * A package's registry as read, in one round trip; null when no such package exists (whether the
 * caller may read it is the route's to decide, from `pkg`).
 */
export async function packageScope(db: DB, packageId: string): Promise<PackageScope | null> {
  const [pkgRows, rows, versions, high] = await db.batch([
    db
      .select({
        id: packages.id,
        name: packages.name,
        userId: packages.userId,
        isPublic: packages.isPublic,
        registryKeyRev: packages.registryKeyRev,
      })
      .from(packages)
      .where(eq(packages.id, packageId))
      .limit(1),
    db
      .select({
        ...columns,
        featured: isFeatured(new Date().toISOString()),
        // Their own names: a batch answers rows keyed by column name, and servers has a `version` too.
        pin: sql<string | null>`${packageServers.version}`.as('pin'),
        fromRegistry: sql<number>`${servers.registryName} IS NOT NULL`.as('from_registry'),
      })
      .from(packageServers)
      .innerJoin(servers, eq(servers.id, packageServers.serverId))
      .where(and(eq(packageServers.packageId, packageId), inArray(servers.status, SERVABLE))),
    db
      .select({ serverId: serverVersions.serverId, ...versionColumns })
      .from(serverVersions)
      .where(sql`${serverVersions.serverId} IN ${serverIdsOf(packageId)}`),
    // From the servers' installed packages to their versions by key: the unary + keeps SQLite
    // from starting at the band index, which would read every High version in the catalogue.
    db
      .select({ registry: watchedPackages.registry, name: watchedPackages.name, version: packageVersions.version })
      .from(listingPackages)
      .innerJoin(packageVersions, eq(packageVersions.packageId, listingPackages.packageId))
      .innerJoin(watchedPackages, eq(watchedPackages.id, listingPackages.packageId))
      .where(and(sql`${listingPackages.serverId} IN ${serverIdsOf(packageId)}`, sql`+${packageVersions.band} = 'high'`)),
  ])
  const [pkg] = pkgRows
  if (!pkg) return null
  const stored = new Map<string, RegistryVersion[]>()
  for (const { serverId, ...v } of versions) stored.set(serverId, [...(stored.get(serverId) ?? []), v])
  return {
    pkg,
    servers: rows.map(({ pin, fromRegistry, ...row }) => ({ listing: toListing(row as Row), pin, fromRegistry: Boolean(fromRegistry) })),
    stored,
    high: new Set(high.map((h) => highKey(h.registry, h.name, h.version))),
  }
}

/** A server of a package with the versions it can be pinned to, or null when it is not in the package. */
export async function packageServerVersions(db: DB, packageId: string, serverId: string): Promise<string[] | null> {
  const [member, stored] = await db.batch([
    db
      .select({ version: servers.version })
      .from(packageServers)
      .innerJoin(servers, eq(servers.id, packageServers.serverId))
      .where(and(eq(packageServers.packageId, packageId), eq(packageServers.serverId, serverId)))
      .limit(1),
    db.select({ version: serverVersions.version }).from(serverVersions).where(eq(serverVersions.serverId, serverId)),
  ])
  if (!member[0]) return null
  return [...new Set([member[0].version, ...stored.map((v) => v.version)])]
}

/** Pins a server of a package to a version, or (null) unpins it. */
export async function setPackageServerPin(db: DB, packageId: string, serverId: string, version: string | null): Promise<void> {
  await db
    .update(packageServers)
    .set({ version })
    .where(and(eq(packageServers.packageId, packageId), eq(packageServers.serverId, serverId)))
}

/** The package's pins, by server id (the statement, for the package page's batch). */
export const packagePinsQuery = (db: DB, packageId: string) =>
  db
    .select({ serverId: packageServers.serverId, version: packageServers.version })
    .from(packageServers)
    .where(and(eq(packageServers.packageId, packageId), sql`${packageServers.version} IS NOT NULL`))

/** Moves the package's registry key to its next revision, ending every older link; the new revision. */
export async function rotateRegistryKey(db: DB, packageId: string): Promise<number> {
  const [row] = await db
    .update(packages)
    .set({ registryKeyRev: sql`${packages.registryKeyRev} + 1` })
    .where(eq(packages.id, packageId))
    .returning({ rev: packages.registryKeyRev })
  return row.rev
}
