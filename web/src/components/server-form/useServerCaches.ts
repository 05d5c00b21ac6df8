import { useSWRConfig } from 'swr'
import { SESSION_KEY } from '../../hooks/useSession'

/**
 * After a server is registered, changed or deleted, every cached list, search, tag count,
 * package and dashboard may be stale: every API answer but who is signed in. Cached answers
 * never go stale by themselves (swr-options), so they are dropped: mounted screens refetch now,
 * others on their next visit. `keep` names keys whose fresh value the caller sets itself (the
 * edited server's detail).
 */
export function useInvalidateServerCaches() {
  const { mutate } = useSWRConfig()
  return (keep: string[] = []) =>
    void mutate((key) => typeof key === 'string' && key !== SESSION_KEY && !keep.includes(key), undefined, { revalidate: true })
}
