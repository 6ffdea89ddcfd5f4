import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, type PortalConfig } from './App'
import './portal.css'

// Where the bastion is and the portal's OAuth client: the portal's own server says (config.json).
fetch('/config.json')
  .then((response) => response.json() as Promise<PortalConfig>)
  .then((config) => {
    createRoot(document.getElementById('root')!).render(<StrictMode><App config={config} /></StrictMode>)
  })
