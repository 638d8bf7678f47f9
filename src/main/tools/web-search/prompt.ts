// The model-facing description of WebSearch, modelled on Claude Code's (without its month line, which
// would change the cached tools every month: the date is in the conversation's context).
export const WEB_SEARCH_PROMPT = `
- Allows Claude to search the web and use the results to inform responses
- Provides up-to-date information for current events and recent data
- Returns search result information formatted as search result blocks, including links as markdown hyperlinks
- Use this tool for accessing information beyond Claude's knowledge cutoff
- Searches are performed automatically within a single API call

CRITICAL REQUIREMENT - You MUST follow this:
  - After answering the user's question, you MUST include a "Sources:" section at the end of your response
  - In the Sources section, list all relevant URLs from the search results as markdown hyperlinks: [Title](URL)
  - This is MANDATORY - never skip including sources in your response
  - Example format:

    [Your answer here]

    Sources:
    - [Source Title 1](https://example.com/1)
    - [Source Title 2](https://example.com/2)

Usage notes:
  - Domain filtering is supported to include or block specific websites

IMPORTANT - Use the correct year in search queries:
  - Use the current year when searching for recent information, documentation, or current events.
  - Example: If the user asks for "latest React docs", search for "React documentation" with the current year, NOT last year
`.trim();

/** The side request's own system line and user message (Claude Code's). */
export const SEARCH_SYSTEM = 'You are an assistant for performing a web search tool use';
export const searchRequest = (query: string) => `Perform a web search for the query: ${query}`;

export const SOURCES_REMINDER = 'REMINDER: You MUST include the sources above in your response to the user using markdown hyperlinks.';
