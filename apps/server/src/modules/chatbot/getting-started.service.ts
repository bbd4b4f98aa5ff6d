/** The facts the help centre's getting-started checklist reads about a seed (issue 33). */
export { chatbotFacts } from './getting-started.repository.ts';
