/**
 * The first import of the runner's command (main.ts): on a Node too old to run it, one line says
 * which it needs, before anything else is loaded.
 */
import { nodeProblem } from './node-version'

const problem = nodeProblem(process.versions.node)
if (problem) {
  console.error(problem)
  process.exit(1)
}
