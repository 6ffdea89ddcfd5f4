import { resolve } from 'node:path'
import { defineConfig } from 'vite'

// Two pages: the portal, and the page oidc-client-ts's popup comes back to.
export default defineConfig({
  build: {
    rollupOptions: { input: { main: resolve(import.meta.dirname, 'index.html'), callback: resolve(import.meta.dirname, 'oidc-callback.html') } },
  },
})
