#!/usr/bin/env python3
"""The engine's modules and who includes whom: its cycles and layers.

Reads the #include "..." lines of gst/clfft/engine/*.c and *.h. A module
is x.c with x.h (a .c without a header is a module of its own); module A
uses module B where a file of A includes x.h of B. A header without a .c
of its own (clfft-queue.h, clfft-testing.h) stands for the modules whose
.c files define the functions it declares: including it uses each of
them, and whatever it includes in turn; one that declares nothing
defined in a .c (clfft-kernels.h) is a module of its own. Includes of
files outside the engine's folder (generated kernels, config.h) are left
out.

Prints:
- the cycles: each set of modules that reach each other (a strongly
  connected component of more than one module), the pairs in it that
  include each other directly, and its includes;
- the layers: a module's layer is the length of the longest include chain
  below it (0: it includes no module of the engine); each layer's modules;
- the includes that point upward: from module A of B where B also reaches
  A (both in one cycle), so that neither can be understood, built or
  tested without the other. Without cycles there are none: every include
  then points down to a lower layer.

Exits 1 where there is any cycle, 0 otherwise.

  python3 tools/engine-layers.py [ENGINE_FOLDER]
"""

import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


DEFINITION = re.compile(r'^(clfft_\w+)\s*\(', re.MULTILINE)
DECLARATION = re.compile(r'\b(clfft_\w+)\s*\(')
COMMENT = re.compile(r'/\*.*?\*/', re.DOTALL)


def module_of(name):
    return os.path.splitext(name)[0]


def read_modules(folder):
    """module name -> set of the module names it uses; and, for each
    module, its includes as (file, included header, modules it stands
    for) triples."""
    files = sorted(f for f in os.listdir(folder)
                   if f.endswith('.c') or f.endswith('.h'))
    texts = {}
    for name in files:
        with open(os.path.join(folder, name), encoding='utf-8') as f:
            texts[name] = f.read()
    sources = {f for f in files if f.endswith('.c')}
    # GNU style: a definition's name starts its line
    defined_in = {}
    for name in sources:
        for function in DEFINITION.findall(COMMENT.sub('', texts[name])):
            defined_in.setdefault(function, set()).add(module_of(name))

    def own_module(header):
        return module_of(header) + '.c' in sources

    def direct(name):
        return [os.path.basename(h) for h in INCLUDE.findall(texts[name])
                if os.path.basename(h) in texts]

    # what including each header stands for
    stands = {}

    def stands_for(header, seen=()):
        if header in stands:
            return stands[header]
        if own_module(header):
            result = {module_of(header)}
        else:
            declared = DECLARATION.findall(COMMENT.sub('', texts[header]))
            result = set()
            for function in declared:
                result |= defined_in.get(function, set())
            if not result:
                # a module of its own (types, constants): what it includes
                # are its own uses, not what including it stands for
                result = {module_of(header)}
            else:
                for inner in direct(header):
                    if inner not in seen:
                        result |= stands_for(inner, seen + (header,))
        stands[header] = result
        return result

    modules = {module_of(f) for f in files if f.endswith('.c')
               or own_module(f) or stands_for(f) == {module_of(f)}}
    uses = {m: set() for m in modules}
    includes = {m: [] for m in modules}
    for name in files:
        module = module_of(name)
        if module not in modules:
            continue
        for header in direct(name):
            targets = stands_for(header) - {module}
            includes[module].append((name, header, targets))
            uses[module] |= targets
    return uses, includes


def components(uses):
    """Tarjan's strongly connected components, iteratively."""
    index, low, on_stack, stack, result = {}, {}, set(), [], []
    counter = 0
    for root in sorted(uses):
        if root in index:
            continue
        work = [(root, iter(sorted(uses[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(uses[child]))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                result.append(component)
    return result


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        root, 'gst', 'clfft', 'engine')
    uses, includes = read_modules(folder)
    comps = components(uses)
    component_of = {m: i for i, c in enumerate(comps) for m in c}

    cycles = [c for c in comps if len(c) > 1]
    upward = []
    for module in sorted(uses):
        for name, header, targets in includes[module]:
            if any(component_of[t] == component_of[module]
                   for t in targets):
                upward.append((name, header))

    # layers over the components (Tarjan lists a component after every
    # component it reaches), so that a cycle counts as one step
    comp_layer = []
    for i, c in enumerate(comps):
        below = [comp_layer[component_of[t]] + 1 for m in c
                 for t in uses[m] if component_of[t] != i]
        comp_layer.append(max(below, default=0))
    layer = {m: comp_layer[component_of[m]] for m in uses}

    print('engine modules: %d (%s)' % (len(uses), folder))
    print('cycles: %d' % len(cycles))
    for c in cycles:
        members = sorted(c)
        print('  cycle of %d: %s' % (len(members), ' <-> '.join(members)))
        for a in members:
            for b in members:
                if a < b and b in uses[a] and a in uses[b]:
                    print('    %s <-> %s: each includes the other' % (a, b))
        for name, header in upward:
            if os.path.splitext(name)[0] in c:
                print('    %s includes %s' % (name, header))
    depth = max(layer.values(), default=0) + 1
    print('layers: %d' % depth)
    for n in range(depth):
        print('  %2d: %s' % (n, ' '.join(sorted(
            m for m in layer if layer[m] == n))))
    print('includes pointing upward (inside a cycle): %d' % len(upward))
    return 1 if cycles else 0


if __name__ == '__main__':
    sys.exit(main())
