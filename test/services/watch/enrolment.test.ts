/** Which of a listing's declared packages the watch enrols. */
import { describe, expect, it } from 'vitest'
import { packageRefs, refsOfListing } from '../../../worker/services/watch/enrolment'

const npm = (identifier: string, version?: string) => ({ registryType: 'npm', identifier, ...(version ? { version } : {}) })
const pypi = (identifier: string, version?: string) => ({ registryType: 'pypi', identifier, ...(version ? { version } : {}) })

describe('packageRefs', () => {
  it('takes npm and PyPI packages with the version each pins', () => {
    expect(packageRefs([npm('@acme/mail', '1.0.15'), pypi('acme-tool')])).toEqual([
      { registry: 'npm', name: '@acme/mail', pinned: '1.0.15' },
      { registry: 'pypi', name: 'acme-tool', pinned: null },
    ])
  })

  it('names a PyPI project in its normalized form, so two spellings are one package', () => {
    expect(packageRefs([pypi('Watch_PyPI.Quiet'), pypi('watch-pypi-quiet', '2.0.0')])).toEqual([
      { registry: 'pypi', name: 'watch-pypi-quiet', pinned: null },
    ])
  })

  it('keeps the first of a package declared twice', () => {
    expect(packageRefs([npm('acme', '1.0.0'), npm('acme', '2.0.0')])).toEqual([{ registry: 'npm', name: 'acme', pinned: '1.0.0' }])
  })

  it('leaves out other registries, invalid names and what is not a package', () => {
    expect(
      packageRefs([
        { registryType: 'oci', identifier: 'ghcr.io/acme/tool' },
        npm('Not A Name'),
        npm(`a${'b'.repeat(214)}`),
        pypi('-leading-dash'),
        pypi(`a${'b'.repeat(100)}`),
        'acme',
        null,
        { registryType: 'npm' },
      ]),
    ).toEqual([])
  })
})

describe('refsOfListing', () => {
  const packagesText = JSON.stringify([npm('acme', '1.0.0')])

  it("reads an active listing's stored packages", () => {
    expect(refsOfListing({ status: 'active', packagesText })).toEqual([{ registry: 'npm', name: 'acme', pinned: '1.0.0' }])
  })

  it('gives nothing for a listing no longer listed, so its links are dropped', () => {
    expect(refsOfListing({ status: 'deleted', packagesText })).toEqual([])
  })

  it('gives nothing for packages that do not parse or are not a list', () => {
    expect(refsOfListing({ status: 'active', packagesText: '[{' })).toEqual([])
    expect(refsOfListing({ status: 'active', packagesText: '{"registryType":"npm","identifier":"acme"}' })).toEqual([])
  })
})
