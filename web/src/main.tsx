import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { SWRConfig } from 'swr'
import { App } from './App'
import { swrDefaults } from './hooks/swr-options'
import './index.css'

const root = document.getElementById('root')!
const mount = () =>
  createRoot(root).render(
    <StrictMode>
      <SWRConfig value={swrDefaults}>
        <App />
      </SWRConfig>
    </StrictMode>,
  )

// The Worker puts the page's summary in the root (what crawlers and readers without JavaScript
// see). It is left to paint first, so the page shows its content before the app has its data;
// the app replaces it on the frame after.
if (root.firstElementChild) requestAnimationFrame(() => setTimeout(mount))
else mount()
