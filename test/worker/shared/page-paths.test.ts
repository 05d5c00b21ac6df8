import { describe, expect, it } from 'vitest'
import { matchPage, PAGE_PATHS } from '@shared/page-paths'

describe('matchPage', () => {
  it("gives the segments of a pattern's parameters as written, or null for another page", () => {
    expect(matchPage(PAGE_PATHS.server, '/servers/io.github.x%2Fy')).toEqual({ id: 'io.github.x%2Fy' })
    expect(matchPage(PAGE_PATHS.category, '/categories/databases')).toEqual({ slug: 'databases' })
    expect(matchPage(PAGE_PATHS.servers, '/servers')).toEqual({})
    expect(matchPage(PAGE_PATHS.server, '/servers/x/edit')).toBeNull()
    expect(matchPage(PAGE_PATHS.server, '/servers/')).toBeNull()
    expect(matchPage(PAGE_PATHS.server, '/servers/x/')).toBeNull()
    expect(matchPage(PAGE_PATHS.package, '/servers/x')).toBeNull()
  })
})
