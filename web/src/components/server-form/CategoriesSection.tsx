import { CATEGORIES, categoryBySlug, MAX_CATEGORIES } from '@shared/categories'
import { FieldError, FieldHint, FormSection } from './fields'
import { errorId, fieldId } from './form-model'

interface CategoriesSectionProps {
  categories: string[]
  onChange: (categories: string[]) => void
  readOnly: boolean
  mode: 'create' | 'edit'
  /** Who chose the stored categories (edit mode). */
  source?: 'auto' | 'human'
  error?: string
}

/**
 * One to three categories from the taxonomy, as checkboxes; once three are ticked the others
 * wait until one is unticked. On registration none ticked means the classifier chooses.
 */
export function CategoriesSection({ categories, onChange, readOnly, mode, source, error }: CategoriesSectionProps) {
  const hintId = `${fieldId('categories')}-hint`
  const full = categories.length >= MAX_CATEGORIES
  const toggle = (slug: string) => onChange(categories.includes(slug) ? categories.filter((c) => c !== slug) : [...categories, slug])
  const why =
    mode === 'create'
      ? 'Leave them all unticked and they are chosen automatically from the name, description and tags.'
      : source === 'human'
        ? 'Chosen by a person: imports and the registry sync keep them.'
        : 'Chosen automatically from the name, description and tags. Once you change them, imports and the registry sync keep your choice.'
  return (
    <FormSection id="categories" title="Categories" description={`What the server is for: one to ${MAX_CATEGORIES} categories. ${why}`}>
      {readOnly ? (
        <p className="text-sm text-zinc-800 dark:text-zinc-200">
          {categories.map((c) => categoryBySlug(c)?.name ?? c).join(', ') || 'None yet.'}
        </p>
      ) : (
        <fieldset aria-describedby={[hintId, error ? errorId('categories') : ''].filter(Boolean).join(' ')}>
          <legend className="sr-only">Categories</legend>
          <ul className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
            {CATEGORIES.map((c, i) => {
              const checked = categories.includes(c.slug)
              return (
                <li key={c.slug}>
                  <label className="flex cursor-pointer items-start gap-2 rounded px-1.5 py-1 text-sm hover:bg-zinc-100 has-disabled:cursor-not-allowed has-disabled:opacity-60 dark:hover:bg-zinc-800">
                    <input
                      id={i === 0 ? fieldId('categories') : undefined}
                      type="checkbox"
                      className="mt-0.5 size-4 accent-blue-700"
                      checked={checked}
                      disabled={!checked && full}
                      onChange={() => toggle(c.slug)}
                    />
                    <span title={c.description}>{c.name}</span>
                  </label>
                </li>
              )
            })}
          </ul>
          <FieldHint id={hintId}>
            {full ? `The maximum of ${MAX_CATEGORIES} categories is reached.` : `${categories.length} of ${MAX_CATEGORIES} chosen.`}
          </FieldHint>
        </fieldset>
      )}
      <FieldError name="categories" message={error} />
    </FormSection>
  )
}
