/** The facts the help centre's getting-started checklist reads about a seed (issue 33). */
export { memberFacts } from './getting-started.repository.ts';
