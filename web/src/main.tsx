import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { SWRConfig } from 'swr'
import { App } from './App'
import { swrDefaults } from './hooks/swr-options'
import './index.css'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SWRConfig value={swrDefaults}>
      <App />
    </SWRConfig>
  </StrictMode>,
)
