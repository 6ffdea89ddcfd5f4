import { useLayoutEffect, useState, type RefObject } from 'react'

/**
 * An HTML boolean attribute of the custom element hosting `inside` (present = on, "false" = off).
 * r2wc drops attributes whose value is empty, so `<bastion-asset-list selectable>` never reaches the
 * props: read the host itself, and follow changes.
 */
export function useHostFlag(inside: RefObject<Element | null>, name: string): boolean {
  const [on, setOn] = useState(false)
  useLayoutEffect(() => {
    const root = inside.current?.getRootNode()
    const host = root instanceof ShadowRoot ? root.host : null
    if (!host) return
    const read = () => setOn(host.hasAttribute(name) && host.getAttribute(name) !== 'false')
    read()
    const observer = new MutationObserver(read)
    observer.observe(host, { attributes: true, attributeFilter: [name] })
    return () => observer.disconnect()
  }, [inside, name])
  return on
}
