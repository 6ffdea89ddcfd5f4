import type { SyntheticEvent } from 'react'

/** The `value` of the sl-menu-item an sl-select event chose. */
export function selectedValue(event: SyntheticEvent | Event): string {
  const detail = (event as unknown as CustomEvent<{ item: { value: string } }>).detail
  return detail.item.value
}
