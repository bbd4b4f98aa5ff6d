/** The facts the help centre's getting-started checklist reads about a seed (issue 33). */
export { mealFacts } from './getting-started.repository.ts';
