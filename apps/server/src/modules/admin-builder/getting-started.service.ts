/** The facts the help centre's getting-started checklist reads about a seed (issue 33). */
export { adminBuilderFacts } from './getting-started.repository.ts';
