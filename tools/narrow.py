#!/usr/bin/env python3
"""Internal by default: drop `package` from every declaration no other target uses.

Run from the package root, on a clean tree (it edits Sources/ in place; commit or stash first):

    python3 tools/narrow.py            # first pass, compile-fix loop, memberwise inits, swift format
    python3 tools/narrow.py --count    # only print the `package` declarations per target
    python3 tools/narrow.py --dry-run  # only print what the first pass would drop

What it does, in order:

1. First pass. Every `package` declaration in Sources/ is found (after masking comments and
   string literals) with its name, its enclosing type and its signature. It keeps `package` when
   code in another module references it, as the compiler's index of the build it starts with
   says (.build/debug/index/store, read through the toolchain's libIndexStore: implicit uses,
   `.init(...)` and inferred members included). Tests/ do not count: they `@testable import`
   every module. fuzz/ is compiled apart, so there a whole-word use of the name counts (an init
   is named by its type: `Type(`, `Type.init`, `.init(label:`). Without an index (or with
   --names-only) every declaration is judged by names: used when a target that depends on it
   names it. A member of a type that becomes internal becomes internal. A witness of a
   requirement of a package or public protocol (the index's "overrides" relation), an operator,
   and a protocol extension's default implementation of a requirement stay while their type
   does. A type that a kept declaration's signature names (parameters, results, stored types,
   initial values, associated values, protocol requirements, an extension's constraints) stays.
   These rules run to a fixed point.
2. Compile-fix loop: `swift build --build-tests`, then `swiftc -typecheck` of each fuzz/
   harness with the flags `make fuzz` links them with. Each error and its notes are matched
   to the declarations the first pass changed ("inaccessible due to 'internal' protection
   level" and its "declared here" note, "must be declared package because it matches a
   requirement", "uses an internal type", "cannot find 'X' in scope", "has no member 'X'",
   default-argument references), and `package` goes back on exactly those. Repeat until the
   build is clean; nothing is cached between rounds but the tree.
3. Hand-written memberwise initialisers: in a struct whose only body `init` is internal and is
   exactly the one the compiler writes (same labels, order and types; same defaults; the body
   only assigns each stored property), the init goes; then one more build (an init that a
   build refuses to lose is put back).
4. `swift format format --in-place` on Sources, and the counts before and after.

It builds first (to refresh the index), so a run costs that build plus about one full build per
round: 2.5 minutes here with one round, on 2 shared cores. Run `make lint` and the tests after.

The count is the number of declarations whose first non-attribute word is `package`, in code
(not in comments or strings): the same as
`grep -rhoE '^\\s*(@[a-zA-Z]+ )*package ' Sources | wc -l` on this code base.
"""

import argparse
import os
import re
import subprocess
import sys
import time
from collections import defaultdict

ROOT = os.getcwd()
SOURCES = os.path.join(ROOT, "Sources")
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
PACKAGE_LINE = re.compile(r"^(\s*(?:@\w+(?:\([^)]*\))?\s+)*)package\s+")
MODIFIERS = {
    "static", "final", "mutating", "nonmutating", "nonisolated", "convenience", "required",
    "override", "lazy", "indirect", "consuming", "borrowing", "unowned", "weak", "dynamic",
    "class", "private", "fileprivate", "internal", "set", "optional", "isolated", "distributed",
}
TYPE_KEYWORDS = {"struct", "enum", "class", "protocol", "actor"}
DECL_KEYWORDS = TYPE_KEYWORDS | {"func", "var", "let", "init", "subscript", "typealias"}
# Requirements of the standard library's protocols (and Foundation's few we meet), by protocol.
STDLIB_REQUIREMENTS = {
    "Equatable": {"=="}, "Hashable": {"hash", "hashValue", "=="}, "Comparable": {"<", "<=", ">", ">=", "=="},
    "CustomStringConvertible": {"description"}, "CustomDebugStringConvertible": {"debugDescription"},
    "LosslessStringConvertible": {"init", "description"}, "LocalizedError": {
        "errorDescription", "failureReason", "recoverySuggestion", "helpAnchor"},
    "Error": set(), "Sendable": set(), "Identifiable": {"id", "ID"},
    "RawRepresentable": {"init", "rawValue", "RawValue"}, "CaseIterable": {"allCases", "AllCases"},
    "Sequence": {"makeIterator", "Element", "Iterator", "underestimatedCount"},
    "IteratorProtocol": {"next", "Element"}, "Collection": {
        "startIndex", "endIndex", "index", "Index", "subscript", "count", "isEmpty", "Element",
        "makeIterator", "indices", "Indices", "SubSequence"},
    "BidirectionalCollection": {"index"}, "RandomAccessCollection": {"index", "distance"},
    "MutableCollection": {"subscript"}, "RangeReplaceableCollection": {"init", "replaceSubrange"},
    "ExpressibleByStringLiteral": {"init"}, "ExpressibleByArrayLiteral": {"init"},
    "ExpressibleByIntegerLiteral": {"init"}, "ExpressibleByDictionaryLiteral": {"init"},
    "ExpressibleByStringInterpolation": {"init"}, "ExpressibleByBooleanLiteral": {"init"},
    "Encodable": {"encode"}, "Decodable": {"init"}, "Codable": {"encode", "init"},
    "CodingKey": {"init", "stringValue", "intValue"}, "TextOutputStream": {"write"},
    "TextOutputStreamable": {"write"}, "RandomNumberGenerator": {"next"},
    "OptionSet": {"init", "rawValue"}, "SetAlgebra": {"init", "contains", "insert", "remove", "update"},
    "AsyncSequence": {"makeAsyncIterator"}, "AsyncIteratorProtocol": {"next"},
    "Clock": {"now", "minimumResolution", "sleep"}, "InstantProtocol": {"advanced", "duration"},
    "Strideable": {"advanced", "distance"}, "AdditiveArithmetic": {"+", "-", "zero"},
}
STDLIB_ALL = set().union(*STDLIB_REQUIREMENTS.values())


def log(message):
    print(f"narrow: {message}", flush=True)


# ---------------------------------------------------------------------------------------------
# Reading Swift: comments and string contents blanked (interpolations stay code), lines kept.


def mask(text):
    out = list(text)
    i, n = 0, len(text)
    stack = []  # ("str", hashes, multiline) or ("interp", depth)

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        top = stack[-1] if stack else None
        c = text[i]
        if top is None or top[0] == "interp":
            if text.startswith("//", i):
                j = text.find("\n", i)
                j = n if j < 0 else j
                blank(i, j)
                i = j
                continue
            if text.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if text.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif text.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                blank(i, j)
                i = j
                continue
            m = re.compile(r'(#*)("""|")').match(text, i)
            if m and (m.group(1) == "" or c == "#"):
                hashes, multi = len(m.group(1)), m.group(2) == '"""'
                stack.append(("str", hashes, multi))
                i = m.end()
                continue
            if top is not None:
                if c == "(":
                    stack[-1] = ("interp", top[1] + 1)
                elif c == ")":
                    if top[1] == 0:
                        stack.pop()
                        i += 1
                        continue
                    stack[-1] = ("interp", top[1] - 1)
            i += 1
            continue
        # inside a string literal
        _, hashes, multi = top
        closing = ('"""' if multi else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        if text.startswith(escape, i):
            j = i + len(escape)
            if j < n and text[j] == "(":
                blank(i, j)
                stack.append(("interp", 0))
                i = j + 1
                continue
            blank(i, min(j + 1, n))
            i = j + 1
            continue
        if text.startswith(closing, i):
            stack.pop()
            i += len(closing)
            continue
        if c != "\n":
            out[i] = " "
        i += 1
    return "".join(out)


class SourceFile:
    def __init__(self, path, target):
        self.path = path
        self.target = target
        with open(path, encoding="utf-8") as f:
            self.text = f.read()
        self.code = mask(self.text)
        self.lines = self.text.split("\n")
        self.code_lines = self.code.split("\n")
        self.words = set(IDENT.findall(self.code))


def swift_files(folder):
    result = []
    for base, _, names in os.walk(folder):
        for name in sorted(names):
            if name.endswith(".swift"):
                result.append(os.path.join(base, name))
    return sorted(result)


def read_targets():
    """Source targets and their direct dependencies, from Package.swift."""
    text = mask(open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read())
    raw = open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()
    deps = {}
    for m in re.finditer(r"\.(target|executableTarget|testTarget)\(", text):
        start = m.end()
        depth, j = 1, start
        while depth:
            depth += {"(": 1, ")": -1}.get(text[j], 0)
            j += 1
        body = raw[start:j]
        name = re.search(r'name:\s*"([^"]+)"', body).group(1)
        dm = re.search(r"dependencies:\s*\[([^\]]*)\]", body)
        deps[name] = re.findall(r'"([^"]+)"', dm.group(1)) if dm else []
        if m.group(1) == "testTarget":
            deps[name] = None
    return {k: v for k, v in deps.items() if v is not None}


def dependents(deps):
    """For each target, the targets that depend on it, directly or not."""
    closure = {}

    def down(t, seen):
        for d in deps.get(t, []):
            if d not in seen:
                seen.add(d)
                down(d, seen)
        return seen

    for t in deps:
        closure[t] = down(t, set())
    users = defaultdict(set)
    for t, below in closure.items():
        for b in below:
            users[b].add(t)
    return users


# ---------------------------------------------------------------------------------------------
# Declarations


class Decl:
    def __init__(self, file, line, keyword, names, parent, signature, labels):
        self.file = file
        self.line = line  # 0-based
        self.keyword = keyword
        self.names = names
        self.parent = parent  # (kind, name) of the enclosing type or extension, or None
        self.signature = signature
        self.labels = labels
        self.keep = True
        self.reason = ""

    @property
    def target(self):
        return self.file.target

    def key(self):
        return (self.file.path, self.line)

    def where(self):
        return f"{os.path.relpath(self.file.path, ROOT)}:{self.line + 1}"


def scopes_by_line(code):
    """The stack of enclosing (kind, name) blocks at the start of each line."""
    result = []
    stack = []
    pending = None
    prev = None
    tokens = re.finditer(r"[A-Za-z_][A-Za-z0-9_]*|\S|\n", code)
    toks = [(t.group(), t.start()) for t in tokens]
    result.append(tuple(stack))
    k = 0
    while k < len(toks):
        tok, _ = toks[k]
        if tok == "\n":
            result.append(tuple(stack))
        elif tok in TYPE_KEYWORDS | {"extension"} and prev not in (".", "\\"):
            nxt = next((t for t, _ in toks[k + 1:] if t != "\n"), "")
            if IDENT.fullmatch(nxt) and nxt not in DECL_KEYWORDS | MODIFIERS:
                # extension A.B: the last component names the type
                j = k + 1
                name = nxt
                while True:
                    rest = [t for t, _ in toks[j:j + 6] if t != "\n"]
                    if len(rest) >= 3 and rest[0] == name and rest[1] == "." and IDENT.fullmatch(rest[2]):
                        name = rest[2]
                        j = next(x for x in range(j, len(toks)) if toks[x][0] == rest[2] and x > j)
                    else:
                        break
                pending = (tok, name, toks[k][1])
        elif tok == "{":
            if pending:
                # (kind, name, the header's text up to the brace: conformances, where clause)
                stack.append((pending[0], pending[1], code[pending[2]:toks[k][1]]))
            else:
                stack.append(("block", None, ""))
            pending = None
        elif tok == "}":
            if stack:
                stack.pop()
        if tok != "\n":
            prev = tok
        k += 1
    return result


def signature_text(code_lines, line):
    """The declaration's header: from its line until the body's `{` (or the end of a balanced line)."""
    parts = []
    depth = 0
    for j in range(line, min(line + 40, len(code_lines))):
        text = code_lines[j]
        out = []
        for ch in text:
            if ch in "([<" and not (ch == "<" and False):
                depth += 1 if ch != "<" else 0
            if ch in ")]":
                depth -= 1
            if ch == "{" and depth <= 0:
                parts.append("".join(out))
                return " ".join(parts)
            out.append(ch)
        parts.append("".join(out))
        if depth <= 0 and not text.rstrip().endswith(("=", ",", "->", ":", "(")):
            nxt = code_lines[j + 1].strip() if j + 1 < len(code_lines) else ""
            if not nxt.startswith(("->", "where", "throws", "async", ".", "=", "?", ":")):
                break
    return " ".join(parts)


def parse_labels(sig):
    """Argument labels of an init or func signature (`_` for none)."""
    m = re.search(r"\binit[?!]?\s*(?:<[^>]*>)?\s*\(", sig)
    if not m:
        return []
    depth, j, start = 1, m.end(), m.end()
    while j < len(sig) and depth:
        depth += {"(": 1, ")": -1, "[": 1, "]": -1}.get(sig[j], 0)
        j += 1
    inner = sig[start:j - 1]
    params, depth, cur = [], 0, ""
    for ch in inner:
        if ch in "([<":
            depth += 1
        elif ch in ")]>":
            depth -= 1
        if ch == "," and depth == 0:
            params.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        params.append(cur)
    labels = []
    for p in params:
        head = p.split(":")[0].split()
        if head:
            labels.append(head[0])
    return labels


def find_decls(files):
    decls = []
    for f in files:
        scopes = scopes_by_line(f.code)
        for i, code in enumerate(f.code_lines):
            m = PACKAGE_LINE.match(code)
            if not m:
                continue
            rest = code[m.end():]
            words = IDENT.findall(rest)
            keyword = next((w for w in words if w in DECL_KEYWORDS and w != "class" or
                            (w == "class" and not re.search(r"\bclass\s+(func|var|let|subscript)\b", rest))), None)
            if keyword == "class" and re.search(r"\bclass\s+(func|var|let|subscript)\b", rest):
                keyword = next(w for w in words if w in ("func", "var", "let", "subscript"))
            stack = scopes[i] if i < len(scopes) else ()
            parent = stack[-1] if stack and stack[-1][0] != "block" else None
            sig = signature_text(f.code_lines, i)
            names = []
            if keyword in TYPE_KEYWORDS | {"typealias"}:
                names = [re.search(rf"\b{keyword}\s+([A-Za-z_][A-Za-z0-9_]*)", rest).group(1)]
            elif keyword == "func":
                fm = re.search(r"\bfunc\s+([A-Za-z_][A-Za-z0-9_]*|[^\sA-Za-z_(]+)", rest)
                names = [fm.group(1)]
            elif keyword in ("var", "let"):
                after = rest[re.search(rf"\b{keyword}\b", rest).end():]
                tm = re.match(r"\s*\(([^)]*)\)", after)
                if tm:
                    names = IDENT.findall(tm.group(1))
                else:
                    names = [re.match(r"\s*([A-Za-z_][A-Za-z0-9_]*)", after).group(1)]
                    # let a = 1, b = 2 / let a, b: Int at depth 0
                    depth = 0
                    for ch_i, ch in enumerate(after):
                        if ch in "([{<":
                            depth += 1
                        elif ch in ")]}>":
                            depth -= 1
                        elif ch == "," and depth == 0:
                            nm = re.match(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*[:=,]", after[ch_i + 1:])
                            if nm:
                                names.append(nm.group(1))
            elif keyword == "init":
                names = [parent[1]] if parent else ["init"]
            elif keyword == "subscript":
                names = ["subscript"]
            if not keyword or not names:
                log(f"warning: cannot read the declaration at {f.path}:{i + 1}; left package")
                continue
            d = Decl(f, i, keyword, names, parent, sig, parse_labels(sig) if keyword == "init" else [])
            decls.append(d)
    return decls


def type_tables(files):
    """Conformances of every type (from its declaration and extensions) and protocol requirements."""
    conformances = defaultdict(set)
    requirements = defaultdict(set)
    inherits = defaultdict(set)
    for f in files:
        scopes = scopes_by_line(f.code)
        for m in re.finditer(
            r"\b(struct|enum|class|actor|extension|protocol)\s+([A-Za-z_][A-Za-z0-9_.]*)\s*(?:<[^>{]*>)?\s*:\s*([^{]*)\{",
            f.code,
        ):
            kind, name, clause = m.group(1), m.group(2).split(".")[-1], m.group(3)
            clause = clause.split(" where ")[0]
            protos = set(IDENT.findall(clause))
            if kind == "protocol":
                inherits[name] |= protos
            else:
                conformances[name] |= protos
        # protocol bodies: every declaration directly inside a protocol block
        for i, code in enumerate(f.code_lines):
            stack = scopes[i] if i < len(scopes) else ()
            if stack and stack[-1][0] == "protocol":
                for km in re.finditer(r"\b(func|var|let|init|subscript|associatedtype)\b\s*([A-Za-z_][A-Za-z0-9_]*|[^\sA-Za-z_(]+)?", code):
                    kw = km.group(1)
                    if kw in ("init", "subscript"):
                        requirements[stack[-1][1]].add(kw)
                    elif km.group(2):
                        requirements[stack[-1][1]].add(km.group(2))
    return conformances, requirements, inherits


def protocol_requirements(proto, requirements, inherits, seen=None):
    seen = seen or set()
    if proto in seen:
        return set()
    seen.add(proto)
    if proto in STDLIB_REQUIREMENTS:
        result = set(STDLIB_REQUIREMENTS[proto])
    elif proto in requirements or proto in inherits:
        result = set(requirements.get(proto, set()))
    else:
        result = set()
    for parent in inherits.get(proto, set()):
        result |= protocol_requirements(parent, requirements, inherits, seen)
    return result



# ---------------------------------------------------------------------------------------------
# The compiler's index (the debug build writes it): who references each declaration, and what
# each declaration witnesses or overrides. Read with libIndexStore, the toolchain's C library.


class Index:
    ROLE_DECLARATION, ROLE_DEFINITION, ROLE_REFERENCE = 1, 2, 4
    REL_OVERRIDEOF, REL_ACCESSOROF = 1 << 11, 1 << 15

    def __init__(self, store_path):
        import ctypes

        self.defs = defaultdict(list)  # (path, 1-based line) -> [(usr, name, roles, [(roles, usr)])]
        self.refs = defaultdict(set)  # usr -> modules whose code references it
        self.where = {}  # usr -> (path, 1-based line) of its definition
        swift = subprocess.run(["sh", "-c", "command -v swift"], capture_output=True, text=True).stdout.strip()
        lib_path = os.path.join(os.path.dirname(os.path.realpath(swift)), "..", "lib", "libIndexStore.so")
        lib = ctypes.CDLL(lib_path)
        vp = ctypes.c_void_p

        class SRef(ctypes.Structure):
            _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

        def s(ref):
            return ctypes.string_at(ref.data, ref.length).decode() if ref.length else ""

        def sig(name, restype, *argtypes):
            fn = getattr(lib, name)
            fn.restype, fn.argtypes = restype, list(argtypes)
            return fn

        callback = ctypes.CFUNCTYPE(ctypes.c_bool, vp, vp)
        unit_callback = ctypes.CFUNCTYPE(ctypes.c_bool, vp, SRef)
        store_create = sig("indexstore_store_create", vp, ctypes.c_char_p, ctypes.POINTER(vp))
        units_apply = sig("indexstore_store_units_apply_f", ctypes.c_bool, vp, ctypes.c_uint, vp, unit_callback)
        unit_create = sig("indexstore_unit_reader_create", vp, vp, ctypes.c_char_p, ctypes.POINTER(vp))
        unit_module = sig("indexstore_unit_reader_get_module_name", SRef, vp)
        unit_deps = sig("indexstore_unit_reader_dependencies_apply_f", ctypes.c_bool, vp, vp, callback)
        unit_dispose = sig("indexstore_unit_reader_dispose", None, vp)
        dep_kind = sig("indexstore_unit_dependency_get_kind", ctypes.c_int, vp)
        dep_path = sig("indexstore_unit_dependency_get_filepath", SRef, vp)
        dep_name = sig("indexstore_unit_dependency_get_name", SRef, vp)
        record_create = sig("indexstore_record_reader_create", vp, vp, ctypes.c_char_p, ctypes.POINTER(vp))
        record_occurrences = sig("indexstore_record_reader_occurrences_apply_f", ctypes.c_bool, vp, vp, callback)
        record_dispose = sig("indexstore_record_reader_dispose", None, vp)
        occ_symbol = sig("indexstore_occurrence_get_symbol", vp, vp)
        occ_roles = sig("indexstore_occurrence_get_roles", ctypes.c_uint64, vp)
        occ_line = sig("indexstore_occurrence_get_line_col", None, vp, ctypes.POINTER(ctypes.c_uint),
                       ctypes.POINTER(ctypes.c_uint))
        occ_relations = sig("indexstore_occurrence_relations_apply_f", ctypes.c_bool, vp, vp, callback)
        rel_roles = sig("indexstore_symbol_relation_get_roles", ctypes.c_uint64, vp)
        rel_symbol = sig("indexstore_symbol_relation_get_symbol", vp, vp)
        sym_usr = sig("indexstore_symbol_get_usr", SRef, vp)
        sym_name = sig("indexstore_symbol_get_name", SRef, vp)

        error = vp()
        store = store_create(store_path.encode(), ctypes.byref(error))
        if not store:
            raise OSError(f"cannot open the index store {store_path}")
        units = []
        on_unit = unit_callback(lambda _, name: units.append(s(name)) or True)
        units_apply(store, 0, None, on_unit)
        records = {}
        for unit in units:
            reader = unit_create(store, unit.encode(), ctypes.byref(error))
            if not reader:
                continue
            module = s(unit_module(reader))

            def on_dep(_, dep, module=module):
                if dep_kind(dep) == 2:
                    path = os.path.realpath(s(dep_path(dep)))
                    if path.startswith(ROOT + os.sep):
                        records[s(dep_name(dep))] = (path, module)
                return True

            on_dep_c = callback(on_dep)
            unit_deps(reader, None, on_dep_c)
            unit_dispose(reader)
        line, col = ctypes.c_uint(), ctypes.c_uint()
        for record, (path, module) in records.items():
            reader = record_create(store, record.encode(), ctypes.byref(error))
            if not reader:
                continue

            def on_occurrence(_, occ, path=path, module=module):
                roles = occ_roles(occ)
                symbol = occ_symbol(occ)
                usr = s(sym_usr(symbol))
                if roles & self.ROLE_REFERENCE:
                    self.refs[usr].add(module)
                if roles & (self.ROLE_DEFINITION | self.ROLE_DECLARATION):
                    occ_line(occ, ctypes.byref(line), ctypes.byref(col))
                    relations = []

                    def on_relation(_, rel):
                        relations.append((rel_roles(rel), s(sym_usr(rel_symbol(rel)))))
                        return True

                    on_relation_c = callback(on_relation)
                    occ_relations(occ, None, on_relation_c)
                    self.defs[(path, line.value)].append((usr, s(sym_name(symbol)), roles, relations))
                    self.where.setdefault(usr, (path, line.value))
                return True

            on_occurrence_c = callback(on_occurrence)
            record_occurrences(reader, None, on_occurrence_c)
            record_dispose(reader)

    def symbols(self, d):
        """The USRs a `package` declaration defines: itself and its accessors."""
        found = self.defs.get((os.path.realpath(d.file.path), d.line + 1), [])
        main = set()
        for usr, name, roles, relations in found:
            base = name.split("(")[0]
            if d.keyword == "init" and base == "init" or d.keyword == "subscript" and base == "subscript" or \
                    d.keyword not in ("init", "subscript") and base in d.names:
                main.add(usr)
        result = set(main)
        for usr, name, roles, relations in found:
            if any(r & self.REL_ACCESSOROF and u in main for r, u in relations):
                result.add(usr)
        return main, result

    def overridden(self, d):
        """What the declaration (or its accessors) witnesses or overrides: USRs."""
        main, all_usrs = self.symbols(d)
        found = self.defs.get((os.path.realpath(d.file.path), d.line + 1), [])
        return {u for usr, _, _, relations in found if usr in all_usrs for r, u in relations
                if r & self.REL_OVERRIDEOF}

# ---------------------------------------------------------------------------------------------
# The first pass


def first_pass(files, decls, deps, index=None):
    users = dependents(deps)
    by_target = defaultdict(list)
    for f in files:
        by_target[f.target].append(f)
    fuzz = [f for f in files if f.target == "fuzz"]
    conformances, requirements, inherits = type_tables([f for f in files if f.target not in ("fuzz",)])
    words_of = {t: set().union(*[f.words for f in fs]) for t, fs in by_target.items()}

    def visible_to(target):
        return [t for t in users.get(target, set())] + ["fuzz"]

    def outside_words(target):
        result = set()
        for t in visible_to(target):
            result |= words_of.get(t, set())
        return result

    def outside_code(target):
        return [f.code for t in visible_to(target) for f in by_target.get(t, [])]

    outside = {t: outside_words(t) for t in words_of}
    codes = {t: outside_code(t) for t in words_of}

    # Types declared in Sources, by name: their declarations (a name may repeat in several targets).
    type_decls = defaultdict(list)
    for d in decls:
        if d.keyword in TYPE_KEYWORDS | {"typealias"}:
            type_decls[d.names[0]].append(d)
    declared_types = set()
    for f in files:
        if f.target != "fuzz":
            for m in re.finditer(r"\b(struct|enum|class|actor|protocol|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)", f.code):
                declared_types.add(m.group(2))

    def constructed(d, where):
        t = d.parent[1] if d.parent else None
        if not t:
            return True
        if d.parent[0] == "protocol" or (d.parent[0] == "extension" and t in requirements):
            return t in where  # a default implementation: kept while its protocol is seen
        pattern = re.compile(rf"\b{re.escape(t)}\s*(?:<[^>{{}}]*>)?\s*(?:\(|\.init\b|\{{)")
        sources = codes[d.target] if where is not fuzz_words else [f.code for f in fuzz]
        for code in sources:
            if pattern.search(code):
                return True
        if t in where and d.labels:
            first = d.labels[0]
            pat = re.compile(r"\.init\(" if first == "_" else rf"\.init\(\s*{re.escape(first)}\s*:")
            for code in sources:
                if pat.search(code):
                    return True
            # `self.init(` in another target's extension of the type
            for code in sources:
                if re.search(rf"\bextension\s+{re.escape(t)}\b", code) and "init(" in code:
                    return True
        return False

    def used_by_name(d, where):
        if d.keyword == "init":
            return constructed(d, where)
        if d.keyword == "subscript":
            return (d.parent[1] in where) if d.parent else True
        return any(n in where for n in d.names)

    fuzz_words = words_of.get("fuzz", set())
    decl_at = {(os.path.realpath(d.file.path), d.line): d for d in decls}

    def used(d):
        if index is None or not index.symbols(d)[0]:
            return used_by_name(d, outside[d.target])
        _, usrs = index.symbols(d)
        modules = set().union(*[index.refs.get(u, set()) for u in usrs])
        if modules - {d.target, "BingWallTests"}:
            return True
        # fuzz/ is compiled apart from the build, so the index does not see it: names there count.
        return used_by_name(d, fuzz_words)

    def parent_type_kept(d):
        """None when the enclosing type is not declared in Sources (a standard type or top level)."""
        if not d.parent:
            return None
        owners = [t for t in type_decls.get(d.parent[1], [])]
        if not owners:
            return None if d.parent[1] not in declared_types else False
        return any(o.keep for o in owners)

    def witness(d):
        if index is not None and index.symbols(d)[0]:
            if d.keyword == "func" and not IDENT.fullmatch(d.names[0]):
                return True  # an operator: a witness of Equatable, Comparable and the like
            for usr in index.overridden(d):
                loc = index.where.get(usr)
                if loc is None:
                    return True  # a requirement of a protocol outside Sources (public)
                owner = decl_at.get((loc[0], loc[1] - 1))
                if owner is not None:
                    if owner.keep:
                        return True
                    continue
                # a requirement inside a protocol's body: as visible as the protocol
                f = files_by_path.get(loc[0])
                if f is None:
                    return True
                stack = f.scopes[loc[1] - 1] if loc[1] - 1 < len(f.scopes) else ()
                protos = [x for x in stack if x[0] == "protocol"]
                if protos and any(o.keep for o in type_decls.get(protos[-1][1], []) if o.target == f.target):
                    return True
            return False
        return witness_by_name(d)

    def witness_by_name(d):
        if not d.parent:
            return False
        t = d.parent[1]
        protos = set(conformances.get(t, set()))
        if d.parent[0] == "protocol":
            return False
        reqs = set()
        for p in protos:
            reqs |= protocol_requirements(p, requirements, inherits) if (
                p in STDLIB_REQUIREMENTS or p in requirements or p in inherits) else STDLIB_ALL
        name = "init" if d.keyword == "init" else ("subscript" if d.keyword == "subscript" else d.names[0])
        if d.keyword == "func" and not IDENT.fullmatch(d.names[0]):
            return True  # an operator: a witness of Equatable, Comparable and the like
        # A default implementation in an extension of a protocol is a witness candidate too.
        if d.parent[0] == "extension" and t in requirements:
            reqs |= protocol_requirements(t, requirements, inherits)
        return name in reqs

    files_by_path = {os.path.realpath(f.path): f for f in files}
    for f in files:
        f.scopes = scopes_by_line(f.code)
    base_used = {d.key(): used(d) for d in decls}

    def chain(d):
        """The names of the types enclosing d, innermost first."""
        stack = d.file.scopes[d.line] if d.line < len(d.file.scopes) else ()
        return [x[1] for x in reversed(stack) if x[0] != "block"]

    protocol_names = {d.names[0] for d in decls if d.keyword == "protocol"} | set(requirements) | set(inherits)

    def is_protocol(d):
        return d.parent[1] in protocol_names

    def default_witness(d):
        name = "init" if d.keyword == "init" else ("subscript" if d.keyword == "subscript" else d.names[0])
        return name in protocol_requirements(d.parent[1], requirements, inherits)

    def named_types(d, text):
        """The type declarations of d's target that a name in text (d's signature) resolves to."""
        result = []
        own = d.names[0] if d.keyword in TYPE_KEYWORDS else None
        enclosing = d.parent[1] if d.parent else None
        for m in re.finditer(r"(?:\b([A-Za-z_][A-Za-z0-9_]*)\s*\.\s*)?\b([A-Za-z_][A-Za-z0-9_]*)", text):
            qualifier, w = m.group(1), m.group(2)
            if not qualifier and w == own:
                continue
            cands = [t for t in by_name_type.get(w, []) if t.target == d.target and t is not d]
            if not cands and not qualifier:
                continue
            if qualifier and qualifier not in ("Self", "self"):
                # a qualified name: the qualifier, and only the type nested in it (which may live elsewhere)
                result += named_types(d, qualifier)
                result += [t for t in cands if t.parent and t.parent[1] == qualifier]
                continue
            else:
                picked = [t for t in cands if t.parent and t.parent[1] in (own, enclosing)] or \
                         [t for t in cands if t.parent is None] or \
                         [t for t in cands if t.parent and t.parent[1] in chain(d)] or cands
            result += picked or cands
        return result
    for d in decls:
        d.keep = True
    by_name_type = type_decls
    changed = True
    rounds = 0
    while changed and rounds < 50:
        rounds += 1
        changed = False
        for d in decls:
            want = base_used[d.key()]
            reason = "named by another target" if want else "no other target names it"
            parent = parent_type_kept(d)
            if d.parent and d.parent[0] == "extension" and is_protocol(d):
                # A default implementation witnesses the requirements of its protocol (and of those
                # it refines) for every conformer: package while it matches one of them.
                parent = None
                if not want and default_witness(d):
                    want, reason = True, "default implementation of a protocol requirement"
            if parent is False:
                want, reason = False, "its type is internal"
            elif not want and parent is not False and witness(d):
                want, reason = True, "witness of a protocol requirement"
            if not want and d.keyword in TYPE_KEYWORDS | {"typealias"} and exposed.get(d.key()):
                want, reason = True, f"named by the signature of {exposed[d.key()]}"
            if want != d.keep or reason != d.reason:
                if want != d.keep:
                    changed = True
                d.keep, d.reason = want, reason
        # Types named by the signatures of what stays package (same target), and enum cases.
        new_exposed = {}
        for d in decls:
            if not d.keep:
                continue
            text = d.signature if d.keyword not in TYPE_KEYWORDS else (
                d.signature.split(":", 1)[1] if ":" in d.signature and d.keyword in ("protocol", "class") else "")
            if d.keyword == "enum":
                text += " " + " ".join(enum_case_words(d))
            if d.keyword == "protocol":
                text += " " + " ".join(enum_case_words(d, r"\s*(@\w+\s+)*(static\s+|mutating\s+)*(func|var|init|subscript|associatedtype)\b"))
            for t in named_types(d, text):
                new_exposed.setdefault(t.key(), d.where())
            if d.parent and d.parent[0] == "extension" and d.keyword not in TYPE_KEYWORDS:
                # a package member in an extension needs the extended type (and its constraints)
                # to be package: "cannot declare a package ... in an extension with internal requirements"
                for t in by_name_type.get(d.parent[1], []):
                    if t.target == d.target:
                        new_exposed.setdefault(t.key(), d.where())
                header = d.parent[2] if len(d.parent) > 2 else ""
                if " where " in header:
                    for t in named_types(d, header.split(" where ", 1)[1]):
                        new_exposed.setdefault(t.key(), d.where())
        if new_exposed != exposed:
            exposed.clear()
            exposed.update(new_exposed)
            changed = True
    log(f"first pass: fixed point after {rounds} sweeps")


exposed = {}


def enum_case_words(d, pattern=r"\s*(indirect\s+)?case\b"):
    """Words in the `case` lines directly inside an enum's body (or other lines matching pattern)."""
    f = d.file
    scopes = f.scopes if hasattr(f, "scopes") else scopes_by_line(f.code)
    f.scopes = scopes
    words = set()
    depth_here = len(scopes[d.line]) + 1
    for j in range(d.line + 1, len(f.code_lines)):
        if len(scopes[j]) < depth_here and j > d.line + 1:
            break
        if len(scopes[j]) == depth_here and re.match(pattern, f.code_lines[j]):
            words |= set(IDENT.findall(signature_text(f.code_lines, j)))
    return words


# ---------------------------------------------------------------------------------------------
# Editing


def set_package(d, on):
    lines = d.file.lines
    line = lines[d.line]
    if on:
        m = re.match(r"^(\s*(?:@\w+(?:\([^)]*\))?\s+)*)", line)
        if line[m.end():].startswith("package "):
            return
        lines[d.line] = line[:m.end()] + "package " + line[m.end():]
    else:
        m = PACKAGE_LINE.match(line)
        if not m:
            return
        lines[d.line] = line[:m.end(1)] + line[m.end():]


def write(files):
    for f in files:
        text = "\n".join(f.lines)
        if text != f.text:
            with open(f.path, "w", encoding="utf-8") as out:
                out.write(text)
            f.text = text


# ---------------------------------------------------------------------------------------------
# Building


def package_name():
    try:
        yaml = open(os.path.join(ROOT, ".build", "debug.yaml"), encoding="utf-8").read()
        m = re.search(r'-package-name","([^"]+)"', yaml)
        if m:
            return m.group(1)
    except OSError:
        pass
    return re.sub(r"[^a-z0-9_]", "_", os.path.basename(ROOT).lower())


DIAGNOSTIC_STYLE = ["-Xswiftc", "-diagnostic-style", "-Xswiftc", "llvm"]


def build():
    started = time.time()
    # The llvm style prints each note on its own `file:line:col: note:` line, which fix() reads.
    proc = subprocess.run(["swift", "build", "--build-tests"] + DIAGNOSTIC_STYLE, capture_output=True, text=True)
    output = proc.stdout + proc.stderr
    ok = proc.returncode == 0
    log(f"swift build --build-tests: {'ok' if ok else 'failed'} in {time.time() - started:.0f} s")
    if ok:
        name = package_name()
        for harness in sorted(os.listdir(os.path.join(ROOT, "fuzz"))):
            if not harness.endswith("Fuzz.swift"):
                continue
            module = "Fuzz" + harness[: -len("Fuzz.swift")]
            p = subprocess.run(
                ["swiftc", "-typecheck", "-diagnostic-style", "llvm", "-parse-as-library", "-module-name", module,
                 "-package-name", name,
                 "-I", ".build/debug/Modules", "-I", "Sources/CLinux", "-I", "Sources/CCurl", "-I",
                 "Sources/CSQLite", os.path.join("fuzz", harness)],
                capture_output=True, text=True)
            if p.returncode != 0:
                ok = False
            output += p.stdout + p.stderr
        log(f"fuzz harnesses type-checked: {'ok' if ok else 'failed'}")
    return ok, output


DIAG = re.compile(r"^(/[^:\n]+\.swift):(\d+):(\d+): (error|warning|note): (.*)$", re.M)


def diagnostics(output):
    """Errors, each with the notes that follow it."""
    result = []
    for m in DIAG.finditer(output):
        path, line, kind, message = os.path.realpath(m.group(1)), int(m.group(2)) - 1, m.group(4), m.group(5)
        if kind == "note":
            if result:
                result[-1][3].append((path, line, message))
        elif kind == "error":
            result.append((path, line, message, []))
        else:
            result.append((path, line, "warning: " + message, []))
    seen, unique = set(), []
    for e in result:
        k = (e[0], e[1], e[2])
        if k not in seen:
            seen.add(k)
            unique.append(e)
    return unique


def target_of(path):
    rel = os.path.relpath(path, ROOT).split(os.sep)
    if rel[0] == "Sources":
        return rel[1]
    return rel[0]  # Tests, fuzz


def fix(errors, decls, files_by_path, deps):
    """Put `package` back on the dropped declarations the errors name. Returns what it restored."""
    dropped = {d.key(): d for d in decls if not d.keep}
    by_name = defaultdict(list)
    for d in dropped.values():
        for n in d.names:
            by_name[n].append(d)
    restored = []
    unmatched = []

    def restore(d, why):
        if not d.keep:
            d.keep, d.reason = True, why
            restored.append(d)

    def below(target):
        if target in ("Tests", "fuzz"):
            return None  # sees every target
        seen, todo = set(), [target]
        while todo:
            for x in deps.get(todo.pop(), []):
                if x not in seen:
                    seen.add(x)
                    todo.append(x)
        return seen

    for path, line, message, notes in errors:
        if message.startswith("warning: "):
            continue
        before = len(restored)
        etarget = target_of(path)
        seen_targets = below(etarget)

        def others(cands):
            return [c for c in cands if c.target != etarget and (seen_targets is None or c.target in seen_targets)]

        for npath, nline, _ in notes:
            if (npath, nline) in dropped:
                restore(dropped[(npath, nline)], f"note of: {message}")
        if (path, line) in dropped and ("must be declared package" in message or "must be as accessible" in message
                                         or "matches a requirement" in message):
            restore(dropped[(path, line)], message)
        if "in an extension with internal requirements" in message:
            f = files_by_path.get(path)
            stack = f.scopes[line] if f is not None and line < len(f.scopes) else ()
            entry = next((x for x in reversed(stack) if x[0] != "block"), None)
            if entry:
                names = {entry[1]} | set(IDENT.findall(entry[2].split(" where ", 1)[1] if " where " in entry[2] else ""))
                for w in names:
                    for c in by_name.get(w, []):
                        if c.keyword in TYPE_KEYWORDS | {"typealias"} and c.target == etarget:
                            restore(c, message)
        if "uses an internal type" in message or "uses an internal" in message or "internal type" in message:
            f = files_by_path.get(path)
            text = signature_text(f.code_lines, line) if f else ""
            for w in set(IDENT.findall(text)):
                for c in by_name.get(w, []):
                    if c.keyword in TYPE_KEYWORDS | {"typealias"} and c.target == etarget:
                        restore(c, message)
            if (path, line) in dropped and "must be declared package" in message:
                restore(dropped[(path, line)], message)
        m = re.search(r"cannot find (?:type )?'([^']+)' in scope", message) or \
            re.search(r"has no member '([^'(]+)", message) or \
            re.search(r"'([^'(]+)(?:\([^']*\))?' is inaccessible due to 'internal' protection level", message) or \
            re.search(r"'([^'(]+)(?:\([^']*\))?' is internal and cannot be referenced", message) or \
            re.search(r"no exact matches in (?:call to|reference to) (?:initializer|instance method|static method|property) '?([^'\s]*)", message)
        if m and len(restored) == before:
            name = m.group(1) or ""
            for c in others(by_name.get(name, [])):
                restore(c, message)
            if "initializer" in message or name in ("init", ""):
                f = files_by_path.get(path)
                for w in set(IDENT.findall(f.code_lines[line])) if f else ():
                    for c in others(by_name.get(w, [])):
                        if c.keyword == "init":
                            restore(c, message)
        visibility = re.search(r"cannot find|has no member|inaccessible|no exact matches|extra argument|missing argument"
                               r"|cannot convert|ambiguous|cannot call|is not a member|no member|cannot infer"
                               r"|does not conform|unavailable", message)
        if len(restored) == before and visibility:
            # Fallback: a dropped declaration of another target named on the error's line.
            f = files_by_path.get(path)
            if f and line < len(f.code_lines):
                for w in set(IDENT.findall(f.code_lines[line])):
                    for c in others(by_name.get(w, [])):
                        restore(c, f"named on the line of: {message}")
        if len(restored) == before:
            unmatched.append(f"{os.path.relpath(path, ROOT)}:{line + 1}: {message}")
    return restored, unmatched


# ---------------------------------------------------------------------------------------------
# Memberwise initialisers


def strip_ws(s):
    return re.sub(r"\s+", "", s)


def memberwise_candidates(files):
    """(file, first line, last line, struct name) of each removable hand-written memberwise init."""
    result = []
    for f in files:
        if f.target == "fuzz":
            continue
        scopes = scopes_by_line(f.code)
        for m in re.finditer(r"(?m)^([ \t]*)((?:package\s+)?)struct\s+([A-Za-z_][A-Za-z0-9_]*)[^{]*\{", f.code):
            start_line = f.code.count("\n", 0, m.start())
            name = m.group(3)
            depth = len(scopes[start_line]) + 1
            members = []
            end_line = None
            for j in range(start_line + 1, len(f.code_lines)):
                if len(scopes[j]) < depth:
                    end_line = j
                    break
                if len(scopes[j]) == depth:
                    members.append(j)
            if end_line is None:
                continue
            props, inits, bad = [], [], False
            for j in members:
                code = f.code_lines[j]
                s = code.strip()
                if re.match(r"(@\w+(\([^)]*\))?\s+)*((package|internal|fileprivate|private|public|nonisolated|final|static|mutating|nonmutating|private\(set\)|fileprivate\(set\)|package\(set\)|lazy|weak|unowned|override|required|convenience|@\w+)\s+)*init\b", s):
                    inits.append(j)
                    continue
                pm = re.match(r"((?:@\w+(?:\([^)]*\))?\s+)*)((?:[a-z]+(?:\(set\))?\s+)*)(var|let)\s+(.*)$", s)
                if not pm:
                    continue
                attrs, mods, kw, rest = pm.group(1), pm.group(2).split(), pm.group(3), pm.group(4)
                if "static" in mods or "class" in mods:
                    continue
                if attrs.strip():
                    bad = True  # property wrappers and the like
                    continue
                if any(x in mods for x in ("private", "fileprivate", "lazy", "private(set)", "fileprivate(set)")):
                    bad = True
                    continue
                pmm = re.match(r"([A-Za-z_][A-Za-z0-9_]*)\s*(?::\s*(.*?))?\s*(?:=\s*(.*?))?\s*(\{.*)?$", rest)
                if not pmm or "," in (pmm.group(2) or "").split("=")[0] and not re.search(r"[\[(<]", pmm.group(2) or ""):
                    bad = True
                    continue
                pname, ptype, pinit, body = pmm.group(1), pmm.group(2), pmm.group(3), pmm.group(4)
                if body is not None and pinit is None:
                    # computed, or stored with observers (`{ didSet`): observers keep it stored
                    if re.match(r"\{\s*(willSet|didSet)\b", body):
                        pass
                    else:
                        continue
                if ptype is None:
                    bad = True  # an inferred type: we cannot compare it
                    continue
                if kw == "let" and pinit is not None:
                    continue  # not a memberwise parameter
                default = pinit
                if default is None and kw == "var" and ptype.strip().endswith("?"):
                    default = "nil"
                props.append((pname, strip_ws(ptype), strip_ws(default) if default else None))
            if bad or len(inits) != 1:
                continue
            j = inits[0]
            code = f.code_lines[j]
            if re.match(r"\s*(@|package\b|public\b)", code) or re.search(r"\binit[?!]|\bthrows\b|\basync\b|\binit\s*<", code):
                continue
            # the init's full text from its line to its closing brace
            init_depth = len(scopes[j])
            k = j + 1
            while k < len(f.code_lines) and len(scopes[k]) > init_depth:
                k += 1
            last = k - 1 if k - 1 > j else j
            # a one-line init: `init(...) { ... }` closes on its own line
            text = "\n".join(f.code_lines[j:last + 1])
            if text.count("{") != text.count("}"):
                if last + 1 < len(f.code_lines) and f.code_lines[last + 1].strip() == "}":
                    last += 1
                    text = "\n".join(f.code_lines[j:last + 1])
                else:
                    continue
            im = re.match(r"\s*init\s*\((.*?)\)\s*\{(.*)\}\s*$", text, re.S)
            if not im:
                continue
            params = split_top(im.group(1))
            if len(params) != len(props):
                continue
            ok = True
            for param, (pname, ptype, pdefault) in zip(params, props):
                pm = re.match(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*:\s*(.*?)\s*(?:=\s*(.*?))?\s*$", param, re.S)
                if not pm or pm.group(1) != pname:
                    ok = False
                    break
                ptext = strip_ws(pm.group(2))
                if ptext.startswith("@escaping"):
                    ptext = ptext[len("@escaping"):]
                if ptext != ptype:
                    ok = False
                    break
                hand_default = strip_ws(pm.group(3)) if pm.group(3) else None
                if hand_default != pdefault:
                    ok = False
                    break
            if not ok:
                continue
            statements = [s.strip() for s in re.split(r"[;\n]", im.group(2)) if s.strip()]
            assigned = set()
            for s in statements:
                am = re.fullmatch(r"self\.([A-Za-z_][A-Za-z0-9_]*)\s*=\s*([A-Za-z_][A-Za-z0-9_]*)", s)
                if not am or am.group(1) != am.group(2) or am.group(1) in assigned:
                    ok = False
                    break
                assigned.add(am.group(1))
            if not ok or assigned != {p[0] for p in props}:
                continue
            # doc comment lines above the init go with it
            first = j
            while first - 1 > start_line and f.lines[first - 1].strip().startswith("///"):
                first -= 1
            result.append((f, first, last, name))
    return result


def split_top(text):
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([<{":
            depth += 1
        elif ch in ")]>}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur)
    return parts


# ---------------------------------------------------------------------------------------------


def load(deps):
    files = []
    for t in sorted(deps):
        folder = os.path.join(SOURCES, t)
        if os.path.isdir(folder):
            files += [SourceFile(p, t) for p in swift_files(folder)]
    files += [SourceFile(p, "fuzz") for p in swift_files(os.path.join(ROOT, "fuzz"))]
    return files


def counts(deps):
    files = load(deps)
    result = {}
    for t in sorted(deps):
        fs = [f for f in files if f.target == t]
        n = sum(1 for f in fs for code in f.code_lines if PACKAGE_LINE.match(code))
        result[t] = (len(fs), n)
    return result


def print_counts(before, after=None):
    total_b = sum(v[1] for v in before.values())
    rows = []
    for t, (nf, n) in before.items():
        if after:
            rows.append(f"  {t:18} {nf:3} files  {n:4} -> {after[t][1]:4}")
        else:
            rows.append(f"  {t:18} {nf:3} files  {n:4}")
    for r in rows:
        print(r)
    if after:
        print(f"  {'all':18}            {total_b:4} -> {sum(v[1] for v in after.values()):4}")
    else:
        print(f"  {'all':18}            {total_b:4}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", action="store_true", help="only print the counts")
    ap.add_argument("--dry-run", action="store_true", help="only print what the first pass drops")
    ap.add_argument("--force", action="store_true", help="run on a tree with uncommitted changes")
    ap.add_argument("--no-memberwise", action="store_true", help="skip step 3")
    ap.add_argument("--no-format", action="store_true", help="skip swift format")
    ap.add_argument("--max-rounds", type=int, default=12)
    ap.add_argument("--names-only", action="store_true", help="do not read the compiler's index")
    args = ap.parse_args()
    if not os.path.exists(os.path.join(ROOT, "Package.swift")):
        sys.exit("narrow: run me from the package root")
    deps = read_targets()
    before = counts(deps)
    if args.count:
        print_counts(before)
        return
    if not args.dry_run and not args.force:
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "Sources", "Tests", "fuzz"],
                               capture_output=True, text=True).stdout
        if dirty.strip():
            sys.exit("narrow: Sources, Tests or fuzz has uncommitted changes (commit them, or --force)")
    started = time.time()
    if not args.dry_run:
        log("building the tree as it is, for the compiler's index")
        ok, output = build()
        if not ok:
            print(output[-4000:])
            sys.exit("narrow: the tree does not build as it is")
    index = None
    if not args.names_only:
        store = os.path.join(ROOT, ".build", "debug", "index", "store")
        if not os.path.isdir(store):
            store = os.path.join(os.path.realpath(os.path.join(ROOT, ".build", "debug")), "index", "store")
        try:
            index = Index(store)
            log(f"index: {len(index.defs)} lines with definitions, {len(index.refs)} symbols referenced")
        except OSError as error:
            log(f"no index ({error}): names only")
    files = load(deps)
    src = [f for f in files if f.target != "fuzz"]
    decls = find_decls(src)
    log(f"{len(decls)} package declarations in {len(src)} files")
    first_pass(files, decls, deps, index)
    dropped = [d for d in decls if not d.keep]
    log(f"first pass drops {len(dropped)}, keeps {len(decls) - len(dropped)}")
    if args.dry_run:
        for d in decls:
            print(f"{'keep' if d.keep else 'drop'} {d.where()} {d.keyword} {','.join(d.names)}: {d.reason}")
        return
    for d in dropped:
        set_package(d, False)
    write(src)
    files_by_path = {os.path.realpath(f.path): f for f in files}
    rounds = 0
    while True:
        rounds += 1
        ok, output = build()
        if ok:
            break
        errors = diagnostics(output)
        restored, unmatched = fix(errors, decls, files_by_path, deps)
        for d in restored:
            set_package(d, True)
            log(f"  package again: {d.where()} {d.keyword} {d.names[0]} ({d.reason[:100]})")
        for u in unmatched:
            log(f"  no declaration matched: {u}")
        if not restored:
            print(output[-6000:])
            sys.exit(f"narrow: round {rounds} fails and no error names a declaration this tool changed")
        if rounds >= args.max_rounds:
            sys.exit("narrow: too many rounds")
        write(src)
    warnings = [line for line in output.split("\n") if "warning:" in line]
    log(f"compile-fix loop: clean after {rounds} builds; {sum(1 for d in decls if not d.keep)} declarations internal")
    if not args.no_memberwise:
        files = load(deps)
        src = [f for f in files if f.target != "fuzz"]
        candidates = memberwise_candidates(src)
        log(f"memberwise initialisers to remove: {len(candidates)}")
        originals = {f.path: list(f.lines) for f, *_ in candidates}
        for f, first, last, name in sorted(candidates, key=lambda c: (c[0].path, -c[1])):
            del f.lines[first:last + 1]
            # no blank line left doubled, nor one right after the opening brace
            if first < len(f.lines) and f.lines[first].strip() == "" and (
                    f.lines[first - 1].strip() == "" or f.lines[first - 1].rstrip().endswith("{")):
                del f.lines[first]
            elif first < len(f.lines) and f.lines[first].strip() == "}" and f.lines[first - 1].strip() == "":
                del f.lines[first - 1]
            log(f"  memberwise init removed: {os.path.relpath(f.path, ROOT)}:{first + 1} {name}")
        write(src)
        if candidates:
            rounds += 1
            ok, output = build()
            if not ok:
                errors = diagnostics(output)
                names = set()
                for path, line, message, notes in errors:
                    names |= set(re.findall(r"'([A-Za-z_][A-Za-z0-9_]*)", message))
                    fl = files_by_path.get(path)
                    try:
                        names |= set(IDENT.findall(open(path, encoding="utf-8").read().split("\n")[line]))
                    except (OSError, IndexError):
                        pass
                back = [c for c in candidates if c[3] in names] or candidates
                for f, *_ in back:
                    with open(f.path, "w", encoding="utf-8") as out:
                        out.write("\n".join(originals[f.path]))
                log(f"  {len(back)} files put back: {', '.join(sorted({c[3] for c in back}))}")
                rounds += 1
                ok, output = build()
                if not ok:
                    print(output[-6000:])
                    sys.exit("narrow: the build fails after the memberwise step")
    if not args.no_format:
        subprocess.run(["swift", "format", "format", "--in-place", "--recursive", "Sources"], check=False)
    after = counts(deps)
    print(f"narrow: done in {time.time() - started:.0f} s, {rounds} builds. package declarations per target:")
    print_counts(before, after)
    warnings = [line for line in output.split("\n") if "warning:" in line]
    if warnings:
        print("narrow: the last build printed warnings:\n" + "\n".join(warnings[:20]))


if __name__ == "__main__":
    main()
