import { LIST_SORTS, type ListSort } from '../../lib/servers-view'
import { OptionSelect } from '../ui/OptionSelect'

interface SortSelectProps {
  /** '' shows the placeholder: a search ranked by relevance. */
  value: ListSort | ''
  onChange: (sort: ListSort) => void
}

/** 'GitHub Stars' / 'Update Date' / 'Likes'. */
export function SortSelect({ value, onChange }: SortSelectProps) {
  return <OptionSelect value={value} options={LIST_SORTS} onChange={onChange} label="Sort by" placeholder="Relevance" />
}
