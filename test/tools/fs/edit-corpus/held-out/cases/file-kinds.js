// Held-out cases. Indentation-significant file kinds beyond the usual extensions: stubs, scripts known by
// their #! line or their name, templates, build files and data formats where a line's indentation decides
// which block it belongs to. In each, the model quotes a block with one line nested differently from the file
// (structure change): refused, naming that line. `outsideDocs` marks kinds docs/tools.md does not list (it
// lists Python, YAML, Makefiles, Haskell, F#, Nim, CoffeeScript, Pug, Sass, Haml, Slim, GDScript, Markdown
// with lists); the issue asks to decide "by extension and content".
import { editCase, lineOf, refuses } from '../build.js';

/** An edit_file case whose old_text nests the line starting with `moved` differently from the file. */
function nests(language, variant, spec) {
  const { file, original, old, new: replacement, moved, note, outsideDocs } = spec;
  return editCase('indentation_structure', language, variant, {
    file,
    original,
    edits: [[old, replacement]],
    expect: refuses(lineOf(original, moved)),
    note,
    outsideDocs,
  });
}

export const fileKindCases = [
  nests('python', 'pyi-stub', {
    file: 'typings/client.pyi',
    original: `class Client:
    def get(self, url: str) -> Response: ...
    def post(self, url: str, body: bytes) -> Response: ...

def connect(host: str) -> Client: ...
`,
    old: '    def post(self, url: str, body: bytes) -> Response: ...\n\n    def connect(host: str) -> Client: ...',
    new: '    def post(self, url: str, body: bytes) -> Response: ...\n\n    def connect(host: str, port: int = 443) -> Client: ...',
    moved: 'def connect',
    note: 'a type stub: the module-level function quoted as a method',
  }),
  nests('cython', 'pyx-return-into-loop', {
    file: 'src/fast.pyx',
    original: `def total(double[:] xs):
    cdef double s = 0
    for x in xs:
        if x > 0:
            s += x
    return s
`,
    old: 'for x in xs:\n    if x > 0:\n        s += x\n    return s',
    new: 'for x in xs:\n    if x > 0:\n        s += x\n    return round(s, 6)',
    moved: '    return s',
    note: 'Cython: the return quoted inside the loop',
    outsideDocs: true,
  }),
  nests('starlark', 'tiltfile-call-into-loop', {
    file: 'Tiltfile',
    original: `docker_build('acme/api', '.')
for svc in ['api', 'worker']:
    k8s_yaml('k8s/%s.yaml' % svc)
    if svc == 'api':
        k8s_resource(svc, port_forwards=8080)
k8s_resource('db', labels=['infra'])
`,
    old: "for svc in ['api', 'worker']:\n    k8s_yaml('k8s/%s.yaml' % svc)\n    if svc == 'api':\n        k8s_resource(svc, port_forwards=8080)\n    k8s_resource('db', labels=['infra'])",
    new: "for svc in ['api', 'worker']:\n    k8s_yaml('k8s/%s.yaml' % svc)\n    if svc == 'api':\n        k8s_resource(svc, port_forwards=8080)\n    k8s_resource('db', labels=['infra', 'data'])",
    moved: "k8s_resource('db'",
    note: 'a Tiltfile (Starlark, known by its name): the last call quoted inside the loop',
    outsideDocs: true,
  }),
  nests('renpy', 'line-into-if', {
    file: 'game/script.rpy',
    original: `label start:
    scene bg room
    if met_eileen:
        e "Welcome back!"
    e "Let's get started."
`,
    old: 'if met_eileen:\n    e "Welcome back!"\n    e "Let\'s get started."',
    new: 'if met_eileen:\n    e "Welcome back!"\n    e "Let\'s begin."',
    moved: '    e "Let\'s get started."',
    note: "Ren'Py: a line of dialogue quoted inside the if",
    outsideDocs: true,
  }),
  nests('mojo', 'print-into-loop', {
    file: 'src/main.mojo',
    original: `fn main():
    for i in range(3):
        if i > 0:
            print(i)
    print("done")
`,
    old: 'for i in range(3):\n    if i > 0:\n        print(i)\n    print("done")',
    new: 'for i in range(3):\n    if i > 0:\n        print(i)\n    print("finished")',
    moved: '    print("done")',
    note: 'Mojo (Python-like): the last print quoted inside the loop',
    outsideDocs: true,
  }),
  nests('python', 'uv-script-shebang', {
    file: 'tools/sync-labels',
    original: `#!/usr/bin/env -S uv run --script
# /// script
# dependencies = ["httpx"]
# ///
import httpx

for label in httpx.get(URL).json():
    if label["name"].startswith("wip"):
        continue
    print(label["name"])
`,
    old: 'for label in httpx.get(URL).json():\n    if label["name"].startswith("wip"):\n        continue\n        print(label["name"])',
    new: 'for label in httpx.get(URL).json():\n    if label["name"].startswith("wip"):\n        continue\n        print(label["name"], label["color"])',
    moved: '    print(label',
    note: 'a Python script run by uv (#!/usr/bin/env -S uv run --script), no extension: print quoted under the if',
    outsideDocs: true,
  }),
  nests('python', 'sconstruct-by-name', {
    file: 'SConstruct',
    original: `env = Environment()
for target in ['app', 'tool']:
    if target == 'tool':
        env.Append(CPPDEFINES=['TOOL'])
    env.Program(target, Glob('src/%s/*.c' % target))
`,
    old: "for target in ['app', 'tool']:\n    if target == 'tool':\n        env.Append(CPPDEFINES=['TOOL'])\n        env.Program(target, Glob('src/%s/*.c' % target))",
    new: "for target in ['app', 'tool']:\n    if target == 'tool':\n        env.Append(CPPDEFINES=['TOOL'])\n        env.Program(target, Glob('src/%s/*.c' % target), LIBS=['m'])",
    moved: '    env.Program',
    note: 'an SCons build file (Python, known only by its name): the build call quoted inside the if',
    outsideDocs: true,
  }),
  nests('stylus', 'sibling-into-child', {
    file: 'styles/card.styl',
    original: `.card
  padding 16px
  .title
    font-weight bold
  margin 0
`,
    old: '.title\n  font-weight bold\n  margin 0',
    new: '.title\n  font-weight bold\n  margin 0 auto',
    moved: '  margin 0',
    note: "Stylus: the card's own property quoted inside the nested .title rule",
    outsideDocs: true,
  }),
  nests('sass', 'rule-into-sibling', {
    file: 'styles/nav.sass',
    original: `nav
  ul
    margin: 0
    padding: 0
  li
    display: inline-block
`,
    old: 'ul\n  margin: 0\n  padding: 0\n  li\n    display: inline-block',
    new: 'ul\n  margin: 0\n  padding: 0\n  li\n    display: inline-flex',
    moved: '  li',
    note: 'Sass (indented syntax): the li rule quoted inside the ul rule',
  }),
  nests('pug', 'jade-extension', {
    file: 'views/index.jade',
    original: `ul
  li Home
  li About
p Footer
`,
    old: '  li About\n  p Footer',
    new: '  li About\n  p Footer text',
    moved: 'p Footer',
    note: 'Pug under its old .jade extension: the paragraph quoted inside the list',
  }),
  nests('coffeescript', 'cson-key-into-sibling', {
    file: 'snippets/js.cson',
    original: `'.source.js':
  'log':
    'prefix': 'log'
    'body': 'console.log($1)'
  'warn':
    'prefix': 'warn'
    'body': 'console.warn($1)'
`,
    old: "  'log':\n    'prefix': 'log'\n    'body': 'console.log($1)'\n    'warn':\n      'prefix': 'warn'",
    new: "  'log':\n    'prefix': 'log'\n    'body': 'console.log($1)'\n    'warn':\n      'prefix': 'wrn'",
    moved: "  'warn':",
    note: "CSON (CoffeeScript object notation): the 'warn' snippet quoted inside 'log'",
    outsideDocs: true,
  }),
  nests('markdown', 'mdx-list', {
    file: 'docs/intro.mdx',
    original: `import { Callout } from '../components'

# Intro

- Install
  - npm
  - pnpm
- Configure
`,
    old: '- Install\n  - npm\n  - pnpm\n  - Configure',
    new: '- Install\n  - npm\n  - pnpm\n  - Configure the CLI',
    moved: '- Configure',
    note: 'MDX with a nested list: a top-level item quoted as a sub-item',
  }),
  nests('fsharp', 'fsx-script', {
    file: 'scripts/build.fsx',
    original: `let build () =
    for proj in projects do
        if proj.EndsWith ".fsproj" then
            dotnet "build" proj
    printfn "built"
`,
    old: 'for proj in projects do\n    if proj.EndsWith ".fsproj" then\n        dotnet "build" proj\n    printfn "built"',
    new: 'for proj in projects do\n    if proj.EndsWith ".fsproj" then\n        dotnet "build" proj\n    printfn "built all"',
    moved: '    printfn',
    note: 'an F# script (.fsx): the printfn quoted inside the loop',
  }),
  nests('makefile', 'mk-include-recipe-line-out', {
    file: 'build/rules.mk',
    original: `%.o: %.c
\t$(CC) $(CFLAGS) -c $< -o $@
\t@echo "compiled $<"

clean:
\trm -f *.o
`,
    old: '%.o: %.c\n    $(CC) $(CFLAGS) -c $< -o $@\n@echo "compiled $<"',
    new: '%.o: %.c\n    $(CC) $(CFLAGS) -c $< -o $@\n@echo "built $@ from $<"',
    moved: '\t@echo',
    note: 'a make include (.mk): a recipe line quoted at column 0, outside the recipe',
  }),
  nests('makefile', 'gnumakefile-by-name', {
    file: 'GNUmakefile',
    original: `install:
\tinstall -d $(DESTDIR)/bin
\tinstall -m 755 app $(DESTDIR)/bin/ \\
\t  && echo installed
\tinstall -m 644 app.1 $(DESTDIR)/share/man/man1/
`,
    old: 'install:\n    install -d $(DESTDIR)/bin\n    install -m 755 app $(DESTDIR)/bin/ \\\n      && echo installed\n      install -m 644 app.1 $(DESTDIR)/share/man/man1/',
    new: 'install:\n    install -d $(DESTDIR)/bin\n    install -m 755 app $(DESTDIR)/bin/ \\\n      && echo installed\n      install -m 644 app.1 $(DESTDIR)/share/man/man1/app.1',
    moved: '\tinstall -m 644',
    note: 'GNUmakefile: the next command quoted like the continuation line above it',
  }),
  nests('yaml', 'ansible-template-j2', {
    file: 'roles/web/templates/compose.yml.j2',
    original: `services:
  web:
    image: "{{ image }}"
    environment:
      LOG_LEVEL: info
    restart: always
`,
    old: 'environment:\n  LOG_LEVEL: info\n  restart: always',
    new: 'environment:\n  LOG_LEVEL: info\n  restart: unless-stopped',
    moved: '    restart',
    note: 'a YAML template (.yml.j2): restart quoted inside environment',
    outsideDocs: true,
  }),
  nests('yaml', 'salt-state-sls', {
    file: 'salt/nginx/init.sls',
    original: `nginx:
  pkg.installed: []
  service.running:
    - enable: True
    - watch:
      - file: /etc/nginx/nginx.conf
`,
    old: '  service.running:\n    - enable: True\n    - watch:\n    - file: /etc/nginx/nginx.conf',
    new: '  service.running:\n    - enable: True\n    - watch:\n    - file: /etc/nginx/nginx.conf\n    - reload: True',
    moved: '      - file:',
    note: 'a Salt state (.sls, YAML): the watched file quoted as a sibling of watch',
    outsideDocs: true,
  }),
  nests('yaml', 'clang-format-no-extension', {
    file: '.clang-format',
    original: `BasedOnStyle: LLVM
IndentWidth: 4
BraceWrapping:
  AfterClass: true
  AfterFunction: true
BreakBeforeBraces: Custom
`,
    old: 'BraceWrapping:\n  AfterClass: true\n  AfterFunction: true\n  BreakBeforeBraces: Custom',
    new: 'BraceWrapping:\n  AfterClass: true\n  AfterFunction: true\n  BreakBeforeBraces: Allman',
    moved: 'BreakBeforeBraces',
    note: '.clang-format (YAML known by content only): a top-level key quoted inside BraceWrapping',
    outsideDocs: true,
  }),
  nests('ini', 'setup-cfg-continuation', {
    file: 'setup.cfg',
    original: `[options]
packages = find:
install_requires =
    requests>=2
    click>=8
python_requires = >=3.9
`,
    old: 'install_requires =\n    requests>=2\n    click>=8\n    python_requires = >=3.9',
    new: 'install_requires =\n    requests>=2\n    click>=8\n    python_requires = >=3.10',
    moved: 'python_requires',
    note: 'setup.cfg: an option quoted as a continuation line of the one above (it would become a requirement)',
    outsideDocs: true,
  }),
  nests('moonscript', 'method-into-method', {
    file: 'src/queue.moon',
    original: `class Queue
  new: =>
    @items = {}
  push: (x) =>
    table.insert @items, x
  size: => #@items
`,
    old: 'push: (x) =>\n  table.insert @items, x\n  size: => #@items',
    new: 'push: (x) =>\n  table.insert @items, x\n  count: => #@items',
    moved: '  size:',
    note: 'MoonScript: a method quoted inside the previous method',
    outsideDocs: true,
  }),
  nests('gdscript', 'tabs-call-into-if', {
    file: 'scenes/player.gd',
    original: `func _process(delta):
\tif Input.is_action_pressed("jump"):
\t\tvelocity.y = JUMP_SPEED
\tmove_and_slide()
`,
    old: '    if Input.is_action_pressed("jump"):\n        velocity.y = JUMP_SPEED\n        move_and_slide()',
    new: '    if Input.is_action_pressed("jump"):\n        velocity.y = JUMP_SPEED\n        move_and_slide()\n        update_animation()',
    moved: '\tmove_and_slide',
    note: 'GDScript with tabs, quoted with spaces: move_and_slide quoted inside the if',
  }),
  nests('haml', 'element-into-list', {
    file: 'app/views/layouts/_nav.html.haml',
    original: `%ul.nav
  %li= link_to "Home", root_path
  %li= link_to "Blog", posts_path
%footer
  = render "shared/footer"
`,
    old: '  %li= link_to "Blog", posts_path\n  %footer\n    = render "shared/footer"',
    new: '  %li= link_to "Blog", posts_path\n  %footer\n    = render "shared/site_footer"',
    moved: '%footer',
    note: 'Haml: the footer quoted inside the list',
  }),
  nests('nim', 'nimble-task', {
    file: 'acme.nimble',
    original: `task test, "Run the tests":
  for f in listFiles("tests"):
    if f.endsWith(".nim"):
      exec "nim c -r " & f
  echo "all tests passed"
`,
    old: 'for f in listFiles("tests"):\n  if f.endsWith(".nim"):\n    exec "nim c -r " & f\n  echo "all tests passed"',
    new: 'for f in listFiles("tests"):\n  if f.endsWith(".nim"):\n    exec "nim c -r " & f\n  echo "done"',
    moved: '  echo',
    note: 'a .nimble file (NimScript): the echo quoted inside the loop',
  }),
];
