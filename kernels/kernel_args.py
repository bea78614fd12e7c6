#!/usr/bin/env python3
"""Typed kernel arguments, from the kernels' own signatures.

Reads every `__kernel void NAME (PARAMS)` of the given .cl files (with
their #include "..." inlined, as embed_kernels.py does) and writes:

- a header: per kernel a struct ClfftArgsNAME whose fields are named and
  typed as the kernel's parameters, and the declaration of its setter
  clfft_kernel_args_NAME (kernel, &args, [options,] error);
- a C file: per kernel the table of its fields (name, offset, size) that
  the setter hands to clfft_kernel_set_fields
  (gst/clfft/engine/clfft-kernel-arg-fields.c), and static assertions that
  the host twin of each struct argument lays out as the kernel's struct.

Parameters map as:
  __global T * / __constant T * / an image -> cl_mem
  __local T *                         -> gsize, the bytes to allocate
  uint, float, ..., float2, uchar4    -> cl_uint, cl_float, ..., cl_uchar4
  a struct of the kernel              -> its host twin in STRUCT_TWINS
Anything else fails the build, with the file, kernel and parameter named.

A parameter list may hold macros that are a parameter or nothing
(`#ifdef WITH_GAIN` / `#define GAIN_PARAM , __global const float * gain` /
`#else` / `#define GAIN_PARAM` / `#endif`): the struct then carries the
field, and the setter takes an options mask of CLFFT_ARGS_NAME_OPTION
flags that says which the kernel was built with (the -D options). Any
other conditional parameter fails the build. A kernel name in two files
must take the same parameters there, or the build fails.

With --check-calls, writes STAMP after checking that every initialiser of
a ClfftArgs struct in the given C sources names every field of it (a
designated initialiser leaves a missing field zero, which C accepts): a
parameter added to a kernel and not to its call sites fails the build.

Usage: kernel_args.py HEADER.h SOURCE.c INPUT.cl [INPUT.cl ...]
       kernel_args.py --check-calls STAMP.h INPUT.cl ... -- ENGINE.c ...
"""
import os
import re
import sys

from embed_kernels import read_with_includes

# The host twin of a struct that a kernel takes by value: the C type, in
# gst/clfft/engine/clfft-kernel-structs.h, whose fields have the names and
# layout of the kernel's (the C file asserts it).
STRUCT_TWINS = {
    'Numbers': 'ClfftRowNumbers',
    'Shape': 'ClfftGenericShape',
}

SCALARS = {
    'char': ('cl_char', 1), 'uchar': ('cl_uchar', 1),
    'unsigned char': ('cl_uchar', 1),
    'short': ('cl_short', 2), 'ushort': ('cl_ushort', 2),
    'unsigned short': ('cl_ushort', 2),
    'int': ('cl_int', 4), 'uint': ('cl_uint', 4),
    'unsigned int': ('cl_uint', 4), 'unsigned': ('cl_uint', 4),
    'long': ('cl_long', 8), 'ulong': ('cl_ulong', 8),
    'unsigned long': ('cl_ulong', 8),
    'float': ('cl_float', 4), 'double': ('cl_double', 8),
}
VECTOR = re.compile(r'^(char|uchar|short|ushort|int|uint|long|ulong|float|'
                    r'double)(2|3|4|8|16)$')
IMAGES = {'image1d_t', 'image1d_buffer_t', 'image1d_array_t', 'image2d_t',
          'image2d_array_t', 'image3d_t'}
QUALIFIERS = {'const', 'restrict', '__restrict', 'volatile', 'read_only',
              '__read_only', 'write_only', '__write_only', 'read_write',
              '__read_write'}
GLOBAL_SPACES = {'__global', 'global', '__constant', 'constant'}
LOCAL_SPACES = {'__local', 'local'}

KERNEL = re.compile(r'\b(?:__kernel|kernel)\b')
VOID_NAME = re.compile(r'\bvoid\s+(\w+)\s*\(')
DEFINE = re.compile(r'^\s*#\s*define\s+(\w+)(\([^)]*\))?[ \t]*(.*)$')
CONDITION = re.compile(r'^\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)$')
ONE_OPTION = re.compile(r'^\s*(?:defined\s*\(\s*(\w+)\s*\)|defined\s+(\w+))'
                        r'\s*$')
IDENTIFIER = re.compile(r'\b[A-Za-z_]\w*\b')
COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*', re.DOTALL)


class Unmappable(Exception):
    pass


def strip_comments(text):
    # keeps the line count, so that errors can name lines
    return COMMENT.sub(lambda m: '\n' * m.group(0).count('\n'), text)


def read_defines(text):
    """name -> list of (body, frames): each #define of name, with the
    stack of conditional frames it stands in, a frame being
    (frame id, directive, condition, in its #else)."""
    defines = {}
    stack, next_id = [], 0
    for line in text.splitlines():
        m = CONDITION.match(line)
        if m:
            directive, rest = m.group(1), m.group(2).strip()
            if directive in ('if', 'ifdef', 'ifndef'):
                stack.append((next_id, directive, rest, False))
                next_id += 1
            elif directive in ('elif', 'else') and stack:
                frame_id, first, cond, _ = stack.pop()
                # an #elif is a frame of its own: its branch is no longer
                # one option's
                if directive == 'elif':
                    first, cond = 'elif', rest
                stack.append((frame_id, first, cond, True))
            elif directive == 'endif' and stack:
                stack.pop()
            continue
        m = DEFINE.match(line)
        if m and not m.group(2):
            defines.setdefault(m.group(1), []).append(
                (m.group(3).strip(), tuple(stack)))
    return defines


def frame_option(frame):
    """The -D option whose presence alone opens a frame's first branch,
    or None."""
    _, directive, cond, _ = frame
    if directive == 'ifdef' and re.fullmatch(r'\w+', cond):
        return cond
    if directive == 'if':
        m = ONE_OPTION.match(cond)
        if m:
            return m.group(1) or m.group(2)
    return None


def expand_params(params, defines, where):
    """The parameter list with its macros expanded: a list of
    (parameter text, option or None)."""
    for name in sorted(set(IDENTIFIER.findall(params)) & set(defines)):
        bodies = defines[name]
        if len({b for b, _ in bodies}) == 1:
            params = re.sub(r'\b%s\b' % name, bodies[0][0], params)
            continue
        given = [(b, f) for b, f in bodies if b]
        empty = [(b, f) for b, f in bodies if not b]
        option = None
        if len(given) == 1 and len(empty) == 1 and given[0][1] \
                and empty[0][1]:
            g_frames, e_frames = given[0][1], empty[0][1]
            if g_frames[:-1] == e_frames[:-1] \
                    and g_frames[-1][0] == e_frames[-1][0] \
                    and not g_frames[-1][3] and e_frames[-1][3]:
                option = frame_option(g_frames[-1])
        if option is None:
            raise Unmappable(
                '%s: macro %s in the parameter list has several '
                'definitions; only "one parameter under #ifdef OPTION, '
                'nothing under its #else" is understood' % (where, name))
        body = given[0][0]
        if not body.startswith(',') or ',' in body[1:]:
            raise Unmappable('%s: macro %s must be one parameter after a '
                             'comma: "#define %s , TYPE NAME"'
                             % (where, name, name))
        params = re.sub(r'\b%s\b' % name, ', @%s@ %s' % (option, body[1:]),
                        params)
    out = []
    for param in params.split(','):
        param = ' '.join(param.split())
        if not param:
            if params.strip() and params.strip() != 'void':
                raise Unmappable('%s: an empty parameter' % where)
            continue
        m = re.match(r'@(\w+)@ (.*)$', param)
        out.append((m.group(2), m.group(1)) if m else (param, None))
    return out


def map_param(param, where):
    """(field name, C type, kind, struct name or None) of one parameter;
    kind: 'value' (set from the field) or 'local' (the field holds bytes
    to allocate)."""
    if '[' in param:
        raise Unmappable('%s: "%s": an array parameter' % (where, param))
    words = param.replace('*', ' * ').split()
    name = words[-1]
    if not re.fullmatch(r'[A-Za-z_]\w*', name) or len(words) < 2:
        raise Unmappable('%s: "%s": no type and name' % (where, param))
    words = [w for w in words[:-1] if w not in QUALIFIERS]
    spaces = [w for w in words if w in GLOBAL_SPACES | LOCAL_SPACES
              | {'__private', 'private'}]
    words = [w for w in words if w not in spaces]
    if '*' in words:
        if set(spaces) & GLOBAL_SPACES:
            return name, 'cl_mem', 'value', None
        if set(spaces) & LOCAL_SPACES:
            return name, 'gsize', 'local', None
        raise Unmappable('%s: "%s": a pointer without __global, __constant '
                         'or __local' % (where, param))
    ctype = ' '.join(words)
    if ctype in IMAGES:
        return name, 'cl_mem', 'value', None
    if ctype == 'sampler_t':
        return name, 'cl_sampler', 'value', None
    if ctype in SCALARS:
        return name, SCALARS[ctype][0], 'value', None
    m = VECTOR.match(ctype)
    if m:
        return name, 'cl_%s%s' % (m.group(1), m.group(2)), 'value', None
    if ctype in STRUCT_TWINS:
        return name, STRUCT_TWINS[ctype], 'value', ctype
    raise Unmappable(
        '%s: parameter %s: type "%s" has no host type (a typedef or struct '
        'of the kernel: give it a twin in STRUCT_TWINS of '
        'kernels/kernel_args.py and gst/clfft/engine/clfft-kernel-structs.h)'
        % (where, name, ctype))


def balanced(text, start):
    """The index after the parenthesis that closes the one at start."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == '(':
            depth += 1
        elif text[i] == ')':
            depth -= 1
            if depth == 0:
                return i + 1
    raise Unmappable('unbalanced parentheses')


def read_kernels(path):
    """[(kernel name, [(field, C type, kind, struct, option)])] of a
    file."""
    base = os.path.basename(path)
    text = strip_comments(read_with_includes(path))
    defines = read_defines(text)
    kernels = []
    for m in KERNEL.finditer(text):
        line_start = text.rfind('\n', 0, m.start()) + 1
        if text[line_start:m.start()].lstrip().startswith('#'):
            continue        # a word of an #error's message
        v = VOID_NAME.search(text, m.end())
        if not v:
            raise Unmappable('%s: a __kernel without "void NAME ("' % base)
        name = v.group(1)
        where = '%s: kernel %s' % (base, name)
        open_paren = v.end() - 1
        params = text[open_paren + 1:balanced(text, open_paren) - 1]
        if re.search(r'^\s*#', params, re.MULTILINE):
            raise Unmappable('%s: a preprocessor line inside the parameter '
                             'list; write the conditional parameter as a '
                             'macro (see kernel_args.py)' % where)
        fields, seen = [], set()
        for param, option in expand_params(params, defines, where):
            field, ctype, kind, struct = map_param(param, where)
            if field in seen:
                raise Unmappable('%s: parameter %s twice' % (where, field))
            seen.add(field)
            fields.append((field, ctype, kind, struct, option))
        kernels.append((name, fields, base, text))
    return kernels


def camel(name):
    return ''.join(p[:1].upper() + p[1:] for p in name.split('_'))


def struct_layout(text, cl_name, base):
    """[(field, offset)] and the size of `typedef struct {...} cl_name;`
    in a kernel's source, by OpenCL's alignment rules."""
    m = re.search(r'typedef\s+struct\s*\{([^{}]*)\}\s*%s\s*;' % cl_name,
                  text)
    if not m:
        raise Unmappable('%s: no "typedef struct { ... } %s;"' % (base,
                                                                   cl_name))
    fields, offset, align_all = [], 0, 1
    for decl in m.group(1).split(';'):
        decl = ' '.join(decl.split())
        if not decl:
            continue
        words = decl.split(' ', 1)
        ctype, names = words[0], words[1] if len(words) > 1 else ''
        if ctype in SCALARS:
            size = SCALARS[ctype][1]
        else:
            v = VECTOR.match(ctype)
            if not v:
                raise Unmappable('%s: struct %s: field type "%s" is not laid '
                                 'out by kernel_args.py' % (base, cl_name,
                                                           ctype))
            n = int(v.group(2))
            size = SCALARS[v.group(1)][1] * (4 if n == 3 else n)
        for item in names.split(','):
            item = item.strip()
            a = re.fullmatch(r'(\w+)\s*(?:\[\s*(\d+)\s*\])?', item)
            if not a:
                raise Unmappable('%s: struct %s: field "%s"' % (base, cl_name,
                                                              item))
            offset = (offset + size - 1) // size * size
            fields.append((a.group(1), offset))
            offset += size * int(a.group(2) or 1)
            align_all = max(align_all, size)
    return fields, (offset + align_all - 1) // align_all * align_all


def collect(paths):
    kernels, origin = {}, {}
    for path in paths:
        for name, fields, base, text in read_kernels(path):
            signature = [f[:2] + f[4:] for f in fields]
            if name in kernels:
                if [f[:2] + f[4:] for f in kernels[name][0]] != signature:
                    raise Unmappable(
                        'kernel %s is in %s and in %s with other parameters: '
                        'its struct would be one; rename one of them'
                        % (name, origin[name], base))
                continue
            kernels[name] = (fields, text)
            origin[name] = base
    return kernels, origin


def options_of(fields):
    return [o for o in dict.fromkeys(f[4] for f in fields) if o]


def option_flag(kernel, option):
    return 'CLFFT_ARGS_%s_%s' % (kernel.upper(), option.upper())


def write_header(path, kernels, origin):
    out = ['/* Generated by kernels/kernel_args.py from the kernels\' '
           'signatures: do not edit. */',
           '#ifndef __CLFFT_KERNEL_ARGS_H__',
           '#define __CLFFT_KERNEL_ARGS_H__', '',
           '#include "clfft-kernel-arg-fields.h"',
           '#include "clfft-kernel-structs.h"', '',
           'G_BEGIN_DECLS', '']
    for name, (fields, _) in kernels.items():
        options = options_of(fields)
        out.append('/* %s in kernels/%s */' % (name, origin[name]))
        if options:
            out.append('typedef enum')
            out.append('{')
            for i, option in enumerate(options):
                out.append('  %s = 1 << %d,' % (option_flag(name, option), i))
            out.append('} ClfftArgs%sOptions;' % camel(name))
            out.append('')
        out.append('typedef struct')
        out.append('{')
        for field, ctype, kind, _, option in fields:
            notes = []
            if kind == 'local':
                notes.append('bytes of local memory')
            if option:
                notes.append('with -D %s only' % option)
            out.append('  %s %s;%s' % (ctype, field, '  /* %s */'
                                       % ', '.join(notes) if notes else ''))
        out.append('} ClfftArgs%s;' % camel(name))
        out.append('')
        out.append('gboolean clfft_kernel_args_%s (cl_kernel kernel,' % name)
        out.append('    const ClfftArgs%s * args,%s GError ** error);'
                   % (camel(name), ' guint options,' if options else ''))
        out.append('')
    out += ['G_END_DECLS', '', '#endif /* __CLFFT_KERNEL_ARGS_H__ */', '']
    with open(path, 'w', encoding='utf-8') as f:
        f.write('\n'.join(out))


def write_source(path, header, kernels, origin):
    out = ['/* Generated by kernels/kernel_args.py from the kernels\' '
           'signatures: do not edit. */',
           '#include "%s"' % os.path.basename(header), '']
    twins = {}
    for name, (fields, text) in kernels.items():
        for field in fields:
            if field[3] and field[3] not in twins:
                twins[field[3]] = (field[1], struct_layout(text, field[3],
                                                           origin[name]))
    for cl_name, (c_name, (layout, size)) in twins.items():
        out.append('/* %s: field for field the kernels\' %s */'
                   % (c_name, cl_name))
        out.append('G_STATIC_ASSERT (sizeof (%s) == %d);' % (c_name, size))
        for field, offset in layout:
            out.append('G_STATIC_ASSERT (G_STRUCT_OFFSET (%s, %s) == %d);'
                       % (c_name, field, offset))
        out.append('')
    for name, (fields, _) in kernels.items():
        options = options_of(fields)
        struct = 'ClfftArgs%s' % camel(name)
        out.append('static const ClfftKernelArgField %s_fields[] = {' % name)
        for field, ctype, kind, _, option in fields:
            out.append('  {"%s", G_STRUCT_OFFSET (%s, %s), sizeof (%s), %s, %s},'
                       % (field, struct, field, ctype,
                          'CLFFT_KERNEL_ARG_LOCAL' if kind == 'local'
                          else 'CLFFT_KERNEL_ARG_VALUE',
                          option_flag(name, option) if option else '0'))
        out.append('};')
        out.append('')
        out.append('gboolean')
        out.append('clfft_kernel_args_%s (cl_kernel kernel, const %s * args,'
                   % (name, struct))
        out.append('    %sGError ** error)' % ('guint options, ' if options
                                               else ''))
        out.append('{')
        out.append('  return clfft_kernel_set_fields (kernel, "%s", %s_fields,'
                   % (name, name))
        out.append('      G_N_ELEMENTS (%s_fields), args, %s, error);'
                   % (name, 'options' if options else '0'))
        out.append('}')
        out.append('')
    with open(path, 'w', encoding='utf-8') as f:
        f.write('\n'.join(out))


INITIALISER = re.compile(r'\bClfftArgs(\w+)\s+(\w+)\s*(=\s*\{|;|\[)')


def named_fields(text, start):
    """The fields named at the top level of the braced initialiser whose
    text starts after its '{' at start, each with the index after its '='
    (None where its value is not braced), and the index after its '}'."""
    depth, named, i = 1, {}, start
    while depth and i < len(text):
        c = text[i]
        if c in '{(':
            depth += 1
        elif c in '})':
            depth -= 1
        elif c == '.' and depth == 1:
            d = re.match(r'\.(\w+)\s*=\s*(\{)?', text[i:])
            if d:
                named[d.group(1)] = i + d.end() if d.group(2) else None
        i += 1
    return named, i


def check_calls(stamp, kernels, sources):
    """Every `ClfftArgsNAME args = { ... };` of sources names every field
    of NAME at its top level, and, where it gives a struct argument in
    braces, every field of that struct."""
    by_struct = {'ClfftArgs%s' % camel(k): (k, f, t)
                 for k, (f, t) in kernels.items()}
    problems = []
    for source in sources:
        with open(source, encoding='utf-8') as f:
            text = strip_comments(f.read())
        for m in INITIALISER.finditer(text):
            struct = 'ClfftArgs' + m.group(1)
            if struct not in by_struct:
                continue
            line = text.count('\n', 0, m.start()) + 1
            where = '%s:%d' % (os.path.relpath(source), line)
            if not m.group(3).startswith('='):
                problems.append('%s: %s %s without an initialiser: give it '
                                'one that names every field' % (where,
                                                                 struct,
                                                                 m.group(2)))
                continue
            kernel, fields, kernel_text = by_struct[struct]
            named, _ = named_fields(text, m.end())
            missing = [f[0] for f in fields if f[0] not in named]
            for field in fields:
                if field[3] and named.get(field[0]) is not None:
                    inner, _ = named_fields(text, named[field[0]])
                    layout, _ = struct_layout(kernel_text, field[3], kernel)
                    missing += ['%s.%s' % (field[0], name)
                                for name, _ in layout if name not in inner]
            if missing:
                problems.append('%s: %s %s leaves out %s (kernel %s): name '
                                'every argument' % (where, struct, m.group(2),
                                                    ', '.join(missing),
                                                    kernel))
    if problems:
        raise Unmappable('\n'.join(problems))
    with open(stamp, 'w', encoding='utf-8') as f:
        f.write('/* Generated by kernels/kernel_args.py --check-calls: every '
                'ClfftArgs initialiser names every field. */\n')


def main():
    try:
        if sys.argv[1] == '--check-calls':
            split = sys.argv.index('--')
            kernels, _ = collect(sys.argv[3:split])
            check_calls(sys.argv[2], kernels, sys.argv[split + 1:])
        else:
            header, source, inputs = sys.argv[1], sys.argv[2], sys.argv[3:]
            kernels, origin = collect(inputs)
            write_header(header, kernels, origin)
            write_source(source, header, kernels, origin)
    except Unmappable as e:
        sys.exit('kernel_args.py: %s' % e)


if __name__ == '__main__':
    main()
