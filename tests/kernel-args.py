#!/usr/bin/env python3
"""kernels/kernel_args.py refuses what it cannot type, and a call site that
leaves out an argument.

Runs the generator on copies of kernels/*.cl, each with one change, and
its call-site check on copies of the engine's sources: the real ones must
pass; a parameter of no host type, a conditional parameter written with
#if inside the list, one kernel name with two signatures, a parameter
added to a kernel but not to its call sites, and a field of a struct
argument left out must each fail with a message naming the kernel and
the parameter.

  python3 tests/kernel-args.py
"""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KERNELS = os.path.join(ROOT, 'kernels')
ENGINE = os.path.join(ROOT, 'gst', 'clfft', 'engine')
GENERATOR = os.path.join(KERNELS, 'kernel_args.py')
INCLUDED = {'fft_butterflies.cl', 'pixels.cl', 'real_spectrum.cl'}


def run(args):
    p = subprocess.run([sys.executable, GENERATOR] + args,
                       capture_output=True, text=True)
    return p.returncode, p.stderr


def sources(folder):
    return sorted(os.path.join(folder, f) for f in os.listdir(folder)
                  if f.endswith('.cl') and f not in INCLUDED)


def engine_sources(folder):
    return sorted(os.path.join(folder, f) for f in os.listdir(folder)
                  if f.endswith('.c'))


def change(path, old, new):
    with open(path, encoding='utf-8') as f:
        text = f.read()
    if old not in text:
        sys.exit('%s: "%s" not found: update this test' % (path, old))
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text.replace(old, new, 1))


def main():
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        kernels, engine = os.path.join(tmp, 'k'), os.path.join(tmp, 'e')
        out = [os.path.join(tmp, 'args.h'), os.path.join(tmp, 'args.c')]
        stamp = os.path.join(tmp, 'checked.h')

        def fresh():
            for folder, origin in ((kernels, KERNELS), (engine, ENGINE)):
                shutil.rmtree(folder, ignore_errors=True)
                shutil.copytree(origin, folder)

        def expect(what, args, ok, *words):
            rc, err = run(args)
            if (rc == 0) != ok or not all(w in err for w in words):
                failures.append('%s: exit %d, wanted %s with %s; stderr:\n%s'
                                % (what, rc, 'success' if ok else 'failure',
                                   words, err))

        def generate(what, ok, *words):
            expect(what, out + sources(kernels), ok, *words)

        def check_calls(what, ok, *words):
            expect(what, ['--check-calls', stamp] + sources(kernels) + ['--']
                   + engine_sources(engine), ok, *words)

        fresh()
        generate('the kernels as they are', True)
        check_calls('the call sites as they are', True)

        change(os.path.join(kernels, 'hold.cl'), 'uint iterations',
               'size_t iterations')
        generate('a parameter of no host type', False, 'hold', 'iterations',
                 'size_t')

        fresh()
        change(os.path.join(kernels, 'hold.cl'),
               '__global float * sink, uint iterations',
               '__global float * sink\n#ifdef LONG\n    , uint iterations\n'
               '#endif\n    ')
        generate('#if inside a parameter list', False, 'hold',
                 'preprocessor')

        fresh()
        with open(os.path.join(kernels, 'another.cl'), 'w') as f:
            f.write('__kernel void hold (__global float * sink)\n{\n}\n')
        generate('one kernel name, two signatures', False, 'hold',
                 'another.cl')

        fresh()
        change(os.path.join(kernels, 'mirror_pad.cl'), 'uint far_x,',
               'uint far_x, float fade,')
        generate('a parameter added to a kernel', True)
        check_calls('a parameter added to a kernel, not to its call site',
                    False, 'mirror_pad', 'fade')

        fresh()
        change(os.path.join(engine, 'clfft-passes.c'),
               '    .height = height,\n  };', '  };')
        check_calls('an argument left out at a call site', False,
                    'transpose', 'height')

        fresh()
        change(os.path.join(engine, 'clfft-passes.c'),
               '      .batch = rows,\n', '')
        check_calls('a field of a struct argument left out', False,
                    'fft_rows', 'num.batch')
    if failures:
        print('\n'.join(failures))
        return 1
    print('the generator typed every kernel and refused each broken copy')
    return 0


if __name__ == '__main__':
    sys.exit(main())
