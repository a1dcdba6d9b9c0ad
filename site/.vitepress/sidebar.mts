// The site's navigation: every page of docs/ belongs to one of three sections (site/test checks
// that none is left out). A user's guide, in reading order; the reference (tables to look
// things up in); the design (how it works inside, for contributors and the curious).
export const guide = {
  text: 'Guide',
  items: [
    { text: 'Overview', link: '/' },
    { text: 'Getting started', link: '/getting-started' },
    { text: 'Concepts: the sixteen rules', link: '/concepts' },
    { text: 'Examples', link: '/examples' },
    { text: 'The runtime', link: '/runtime' },
    { text: 'Time', link: '/time' },
    { text: 'Sync', link: '/sync' },
    { text: 'Async/await', link: '/async' },
    { text: 'Reactive Streams and Flow', link: '/reactive-streams' },
    { text: 'Reactor', link: '/reactor' },
    { text: 'RxJava 3', link: '/rxjava' },
    { text: 'CompletableFuture', link: '/completablefuture' },
    { text: 'Spring', link: '/spring' },
    { text: 'Integrations', link: '/integrations' },
    { text: 'Testing', link: '/testing' },
    { text: 'Observability', link: '/observability' },
    { text: 'Migrating CompletableFuture chains', link: '/migration-completablefuture' },
    { text: 'Coming from Kotlin coroutines', link: '/migration-from-kotlin' },
    { text: 'FAQ and troubleshooting', link: '/faq' },
  ],
}

export const reference = {
  text: 'Reference',
  items: [
    { text: 'Combinators: which one do I need', link: '/combinators' },
    { text: 'Cancellation matrix', link: '/cancellation' },
    { text: 'Reliability: broken contracts', link: '/reliability' },
    { text: 'Compatibility', link: '/compatibility' },
  ],
}

export const design = {
  text: 'Design',
  items: [
    { text: 'Architecture', link: '/architecture' },
    { text: 'The scheduler', link: '/design-scheduler' },
    { text: 'The bridges', link: '/design-bridges' },
    { text: 'Async', link: '/design-async' },
    { text: 'Performance', link: '/performance' },
  ],
}
