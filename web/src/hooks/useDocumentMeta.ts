import { useEffect } from 'react'

export const SITE_NAME = 'MCP Catalogue'
const DEFAULT_DESCRIPTION = 'Find, read and install Model Context Protocol servers.'

/** Sets the document title ('{title} · MCP Catalogue') and the meta description for a page. */
export function useDocumentMeta(title: string | null, description?: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]')
    if (!meta) {
      meta = document.createElement('meta')
      meta.name = 'description'
      document.head.append(meta)
    }
    meta.content = (description || DEFAULT_DESCRIPTION).replace(/\s+/g, ' ').trim().slice(0, 300)
  }, [title, description])
}
