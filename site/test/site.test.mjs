// The built site (site/dist) in a real headless Chromium (Debian's, driven by playwright-core):
// every page of docs/ renders and is in the navigation, the diagrams draw, the search finds
// what a user types, and no link is broken. Run by ./test.sh after ./build.sh.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, extname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const site = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(site, 'dist')
const docs = resolve(site, '../docs')
const repository = resolve(site, '..')
const base = '/pollbridge/'
const blob = 'https://github.com/pollbridge/pollbridge/blob/main/'
const diagrams = { concepts: 1, cancellation: 1, architecture: 1 }

// Every page of docs/ as its path in the site: 'runtime', 'design/scheduler', '' for index.md.
function pages(dir = docs) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name.startsWith('.')) return []
    if (statSync(path).isDirectory()) return pages(path)
    if (extname(name) !== '.md') return []
    return [relative(docs, path).replace(/\.md$/, '').replace(/(^|\/)index$/, '')]
  })
}

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json',
  '.svg': 'image/svg+xml', '.woff2': 'font/woff2', '.png': 'image/png' }

// The file of dist a request path names, or null.
function fileOf(pathname) {
  if (!pathname.startsWith(base)) return null
  let path = decodeURIComponent(pathname.slice(base.length))
  if (path === '' || path.endsWith('/')) path += 'index.html'
  const file = join(dist, path)
  return file.startsWith(dist) && existsSync(file) && statSync(file).isFile() ? file : null
}

let server, browser, origin, userDataDir // browser: a BrowserContext

before(async () => {
  assert.ok(existsSync(join(dist, 'index.html')), 'build the site first: site/build.sh')
  server = createServer((request, response) => {
    const file = fileOf(new URL(request.url, 'http://localhost').pathname)
    if (!file) {
      response.writeHead(404).end('not found')
      return
    }
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
    response.end(readFileSync(file))
  })
  await new Promise((done) => server.listen(0, '127.0.0.1', done))
  origin = `http://127.0.0.1:${server.address().port}`
  userDataDir = mkdtempSync(join(tmpdir(), 'pollbridge-site-chromium-'))
  // A new, empty profile (--user-data-dir, which Playwright passes for a persistent context).
  browser = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
})

after(async () => {
  await browser?.close()
  server?.close()
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true })
})

// Opens a page; fails on any script error on it.
async function open(path) {
  const page = await browser.newPage()
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text())
  })
  // Chromium asks the server's root for /favicon.ico, which is not the site's to serve.
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico') {
      errors.push(`${response.url()}: HTTP ${response.status()}`)
    }
  })
  const response = await page.goto(origin + base + path, { waitUntil: 'networkidle' })
  assert.equal(response.status(), 200, `${path}: HTTP ${response.status()}`)
  return { page, errors }
}

test('every page renders, with its title, and no script error', async () => {
  for (const path of pages()) {
    const file = path === '' ? 'index.md' : path + '.md'
    const heading = readFileSync(join(docs, file), 'utf8').match(/^# (.*)$/m)[1].replace(/`/g, '')
    const { page, errors } = await open(path === '' ? '' : path + '.html')
    const h1 = await page.locator('.vp-doc h1').first().innerText()
    assert.equal(h1.replace(/[\u200b#\s]+$/u, ''), heading.trim(), `${file}: the page's title`)
    assert.deepEqual(errors, [], `${file}: script errors`)
    await page.close()
  }
})

test('the navigation has every page: a guide, a reference and a design section', async () => {
  const { page } = await open('getting-started.html')
  const sections = await page.locator('.VPSidebar .VPSidebarItem.level-0 > .item h2').allInnerTexts()
  assert.deepEqual(sections.map((s) => s.trim()), ['Guide', 'Reference', 'Design'])
  const links = await page.locator('.VPSidebar a').evaluateAll((as) => as.map((a) => new URL(a.href).pathname))
  for (const path of pages()) {
    const want = base + (path === '' ? '' : path + '.html')
    assert.ok(links.includes(want), `docs/${path || 'index'}.md is not in the sidebar (site/.vitepress/sidebar.mts)`)
  }
  await page.close()
})

test('the diagrams draw', async () => {
  for (const [path, count] of Object.entries(diagrams)) {
    const { page, errors } = await open(path + '.html')
    await page.locator('.mermaid svg').first().waitFor({ timeout: 30_000 })
    const drawn = await page.locator('.mermaid svg').count()
    assert.ok(drawn >= count, `${path}: ${drawn} diagrams drawn, want ${count}`)
    const text = await page.locator('.mermaid svg').first().evaluate((svg) => svg.textContent)
    assert.ok(text.length > 20, `${path}: the diagram has no text`)
    assert.deepEqual(errors, [], `${path}: script errors`)
    await page.close()
  }
})

for (const word of ['timeout', 'CancellationException']) {
  test(`the search finds ${word}`, async () => {
    const { page } = await open('')
    await page.locator('#local-search button').click()
    await page.locator('.VPLocalSearchBox input.search-input').fill(word)
    const results = page.locator('.VPLocalSearchBox .results .result')
    await results.first().waitFor({ timeout: 30_000 })
    assert.ok(await results.count() > 0)
    // Choosing the first result opens a page that has the word.
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname.endsWith('.html'))
    // The router changes the URL before it swaps the content: until then the home page's
    // .vp-doc h1 is still there, so wait for the content that has the word, not for any h1.
    await page.locator('.vp-doc', { hasText: word }).first().waitFor({ timeout: 30_000 })
    assert.match(await page.locator('.vp-doc').innerText(), new RegExp(word))
    await page.close()
  })
}

test('no link is broken', async () => {
  const ids = new Map() // file of dist -> the ids on it, read from the rendered page
  const problems = []
  for (const path of pages()) {
    const { page } = await open(path === '' ? '' : path + '.html')
    const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.href))
    await page.close()
    for (const href of new Set(hrefs)) {
      const url = new URL(href)
      if (url.origin === origin) {
        const file = fileOf(url.pathname)
        if (!file) {
          problems.push(`${path}: ${url.pathname} does not exist`)
          continue
        }
        if (url.hash.length > 1) {
          if (!ids.has(file)) {
            const target = await browser.newPage()
            await target.goto(origin + url.pathname, { waitUntil: 'networkidle' })
            ids.set(file, new Set(await target.locator('[id]').evaluateAll((es) => es.map((e) => e.id))))
            await target.close()
          }
          if (!ids.get(file).has(decodeURIComponent(url.hash.slice(1)))) {
            problems.push(`${path}: ${url.pathname}${url.hash}: no such anchor`)
          }
        }
      } else if (href.startsWith(blob)) {
        const file = join(repository, decodeURIComponent(url.pathname.slice(new URL(blob).pathname.length)))
        if (!existsSync(file)) problems.push(`${path}: ${href}: no such file in the repository`)
      } else if (!['https:', 'http:', 'mailto:'].includes(url.protocol)) {
        problems.push(`${path}: ${href}: not a link a browser can follow`)
      }
    }
  }
  assert.deepEqual(problems, [])
})
