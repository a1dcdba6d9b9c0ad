// The docs site: every page of ../docs, as it is (DocsTest keeps its snippets and tables true),
// with navigation, local full-text search and Mermaid diagrams. Build: ./build.sh.
import { defineConfig } from 'vitepress'
import { withMermaid } from 'vitepress-plugin-mermaid'
import { existsSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { guide, reference, design } from './sidebar.mts'

const site = dirname(dirname(fileURLToPath(import.meta.url)))
const docs = resolve(site, '../docs')
const repository = resolve(site, '..')
const blob = 'https://github.com/pollbridge/pollbridge/blob/main/'

// The anchors GitHub makes, which the docs' links (and DocsTest.anchorsOf) use: lower case,
// punctuation dropped, each space a dash.
export function slugify(text: string): string {
  return text.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-')
}

// A link from a page to a file outside docs/ (CONTRIBUTING.md, an example's source) goes to
// that file in the repository on GitHub; the file must exist.
function linksOutsideDocs(md: any) {
  md.core.ruler.push('links-outside-docs', (state: any) => {
    const page = join(docs, state.env.relativePath ?? '')
    for (const block of state.tokens) {
      for (const token of block.children ?? []) {
        if (token.type !== 'link_open') continue
        const href: string = token.attrGet('href') ?? ''
        if (/^[a-z]+:/i.test(href) || href.startsWith('#')) continue
        const [path, anchor] = href.split('#')
        const target = resolve(dirname(page), path)
        if (!relative(docs, target).startsWith('..')) continue
        if (!existsSync(target)) throw new Error(`${state.env.relativePath}: link to ${href}, which does not exist`)
        token.attrSet('href', blob + relative(repository, target) + (anchor ? '#' + anchor : ''))
      }
    }
  })
}

export default withMermaid(defineConfig({
  title: 'Pollbridge',
  description: 'A Kotlin-free pull-model async runtime and reactive interop bridge for Java 17+',
  base: '/pollbridge/',
  srcDir: '../docs',
  outDir: 'dist',
  cacheDir: 'cache',
  cleanUrls: false,
  lastUpdated: false,
  markdown: {
    anchor: { slugify },
    config: (md) => linksOutsideDocs(md),
    // Java, XML and shell only: Shiki loads only the grammars named here and in the pages.
    languages: ['java', 'xml', 'kotlin', 'sh'],
  },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/getting-started' },
      { text: 'Reference', link: '/compatibility' },
      { text: 'Design', link: '/architecture' },
      { text: 'GitHub', link: 'https://github.com/pollbridge/pollbridge' },
    ],
    sidebar: [guide, reference, design],
    search: { provider: 'local' },
    outline: { level: [2, 3] },
  },
  mermaid: {},
  vite: {
    // The pages live outside this directory, where Node's resolution would not find
    // node_modules/: imports of the compiled pages resolve from here.
    resolve: {
      alias: [
        { find: /^vue$/, replacement: resolve(site, 'node_modules/vue/dist/vue.runtime.esm-bundler.js') },
        { find: /^vue\/server-renderer$/, replacement: resolve(site, 'node_modules/vue/server-renderer/index.mjs') },
      ],
    },
  },
}))
