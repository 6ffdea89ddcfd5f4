import 'bastion-console/bastion-asset-list'
import type {} from 'bastion-console/jsx'

// Type-checked on its own by the package test, which expects exactly these mistakes to be refused.
export const Misspelt = () => <bastion-asset-list apiBsae="https://bastion.example.com" />
export const WrongType = () => <bastion-asset-list pageSize="ten" />
export const WrongEvent = () => <bastion-asset-list onbastion-asset-open={(event: CustomEvent<number>) => event.detail.toFixed()} />
