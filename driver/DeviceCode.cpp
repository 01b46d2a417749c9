//===- DeviceCode.cpp - Device bitcode in fat objects and archives ---------===//

#include "DeviceCode.h"

#include <sycl/detail/abi/kernel_abi.h>

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace llvm;
using namespace llvm::object;

namespace smcp::driver {
namespace {

Error fail(const Twine &Message) { return createStringError(inconvertibleErrorCode(), Message); }

/// The symbols an object defines and those it needs.
struct SymbolUse {
  StringSet<> Defined, Undefined;
};

Error addSymbols(const ObjectFile &Obj, SymbolUse &Use) {
  for (const SymbolRef &S : Obj.symbols()) {
    Expected<uint32_t> Flags = S.getFlags();
    Expected<StringRef> Name = S.getName();
    if (!Flags || !Name) {
      consumeError(Flags.takeError());
      consumeError(Name.takeError());
      continue;
    }
    if (Name->empty() || !(*Flags & (SymbolRef::SF_Global | SymbolRef::SF_Weak)))
      continue;
    if (*Flags & SymbolRef::SF_Undefined)
      Use.Undefined.insert(*Name);
    else
      Use.Defined.insert(*Name);
  }
  return Error::success();
}

class Collector {
public:
  explicit Collector(const std::function<std::string(size_t, StringRef)> &TempFile)
      : TempFile(TempFile) {}

  /// Writes Obj's device sections out; Label names it in errors.
  Error takeDeviceCode(const ObjectFile &Obj, const Twine &Label) {
    for (const SectionRef &S : Obj.sections()) {
      Expected<StringRef> Name = S.getName();
      if (!Name) {
        consumeError(Name.takeError());
        continue;
      }
      if (!Name->startswith(DeviceSection))
        continue;
      Expected<StringRef> Bytes = S.getContents();
      if (!Bytes)
        return fail("cannot read the device code of " + Label + ": " + toString(Bytes.takeError()));
      StringRef Target = Name->drop_front(DeviceSection.size());
      std::string Path = TempFile(Count++, Target);
      std::error_code EC;
      raw_fd_ostream Out(Path, EC);
      if (EC)
        return fail("cannot write '" + Path + "': " + EC.message());
      Out << *Bytes;
      Code[Target.str()].push_back(Path);
    }
    return addSymbols(Obj, Use);
  }

  Error addObject(const std::string &Path) {
    auto Bin = createBinary(Path);
    if (!Bin)
      return fail("cannot read object '" + Path + "': " + toString(Bin.takeError()));
    auto *Obj = dyn_cast<ObjectFile>(Bin->getBinary());
    if (!Obj)
      return fail("'" + Path + "' is not an object file");
    return takeDeviceCode(*Obj, "'" + Path + "'");
  }

  Error addArchives(const std::vector<std::string> &Paths) {
    std::vector<std::unique_ptr<MemoryBuffer>> Buffers;
    std::vector<std::unique_ptr<Archive>> Archives;
    for (const std::string &P : Paths) {
      auto Buf = MemoryBuffer::getFile(P);
      if (!Buf)
        return fail("cannot read archive '" + P + "': " + Buf.getError().message());
      auto A = Archive::create((*Buf)->getMemBufferRef());
      if (!A)
        return fail("cannot read archive '" + P + "': " + toString(A.takeError()));
      Buffers.push_back(std::move(*Buf));
      Archives.push_back(std::move(*A));
    }
    // Pull members until a whole pass pulls none, as a linker does for a
    // group of archives.
    std::set<std::pair<size_t, uint64_t>> Pulled;
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (size_t I = 0; I < Archives.size(); ++I)
        for (const Archive::Symbol &Sym : Archives[I]->symbols()) {
          if (!Use.Undefined.count(Sym.getName()) || Use.Defined.count(Sym.getName()))
            continue;
          Expected<Archive::Child> Member = Sym.getMember();
          if (!Member)
            return fail("broken archive '" + Paths[I] + "': " + toString(Member.takeError()));
          if (!Pulled.insert({I, Member->getChildOffset()}).second)
            continue;
          if (Error E = addMember(*Member, Paths[I]))
            return E;
          Changed = true;
        }
    }
    return Error::success();
  }

  DeviceCode take() { return std::move(Code); }

private:
  Error addMember(const Archive::Child &Member, StringRef ArchivePath) {
    Expected<StringRef> Name = Member.getName();
    std::string Label = "'" + ArchivePath.str() + "(" + (Name ? Name->str() : "?") + ")'";
    consumeError(Name.takeError());
    Expected<std::unique_ptr<Binary>> Bin = Member.getAsBinary();
    if (!Bin)
      return fail("cannot read " + Label + ": " + toString(Bin.takeError()));
    if (auto *Obj = dyn_cast<ObjectFile>(Bin->get()))
      return takeDeviceCode(*Obj, Label);
    return Error::success();
  }

  const std::function<std::string(size_t, StringRef)> &TempFile;
  DeviceCode Code;
  SymbolUse Use;
  size_t Count = 0;
};

} // namespace

Expected<DeviceCode>
collectDeviceCode(const std::vector<std::string> &Objects, const std::vector<std::string> &Archives,
                  const std::function<std::string(size_t, StringRef)> &TempFile) {
  Collector C(TempFile);
  for (const std::string &O : Objects)
    if (Error E = C.addObject(O))
      return std::move(E);
  if (Error E = C.addArchives(Archives))
    return std::move(E);
  return C.take();
}

std::string findStaticLibrary(StringRef Name, const std::vector<std::string> &Dirs) {
  for (const std::string &D : Dirs) {
    SmallString<256> Shared(D), Static(D);
    sys::path::append(Shared, "lib" + Name + ".so");
    sys::path::append(Static, "lib" + Name + ".a");
    if (sys::fs::exists(Shared))
      return "";
    if (sys::fs::exists(Static))
      return std::string(Static);
  }
  return "";
}

StringRef kernelUsesSection() {
  return StringRef(abi::kernel_uses_section.data(), abi::kernel_uses_section.size());
}

/// The records of every kernel-use section of Obj.
static Expected<std::vector<abi::kernel_use>> kernelUses(const ObjectFile &Obj,
                                                         const std::string &Path) {
  std::vector<abi::kernel_use> Uses;
  for (const SectionRef &S : Obj.sections()) {
    Expected<StringRef> Name = S.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (*Name != kernelUsesSection())
      continue;
    Expected<StringRef> Bytes = S.getContents();
    std::string Why;
    if (!Bytes)
      return Bytes.takeError();
    if (!abi::decode_kernel_uses(std::string_view(Bytes->data(), Bytes->size()), Uses, Why))
      return fail("'" + Path + "': " + Why);
  }
  return Uses;
}

/// "main::{lambda(sycl::id<1>)#1}" for the type-name string of a kernel name.
static std::string readableKernelName(const std::string &Name) {
  std::string Readable = demangle(Name);
  StringRef Plain(Readable);
  if (Plain.consume_front("typeinfo name for "))
    return "'" + Plain.str() + "' (" + Name + ")";
  return "'" + Name + "'";
}

Error checkKernelUses(const std::string &HostObject, const std::string &KernelList,
                      const std::string &Source) {
  auto Buffer = MemoryBuffer::getFile(HostObject);
  if (!Buffer)
    return fail("cannot read '" + HostObject + "': " + Buffer.getError().message());
  auto Obj = ObjectFile::createObjectFile((*Buffer)->getMemBufferRef());
  if (!Obj) {
    consumeError(Obj.takeError());
    return Error::success(); // not an object file (LTO bitcode): nothing to check
  }
  Expected<std::vector<abi::kernel_use>> Uses = kernelUses(**Obj, HostObject);
  if (!Uses)
    return Uses.takeError();
  auto List = MemoryBuffer::getFile(KernelList);
  if (!List)
    return fail("cannot read the kernel list '" + KernelList + "': " + List.getError().message());
  StringMap<uint64_t> DeviceSizes;
  SmallVector<StringRef, 16> Lines;
  (*List)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef Line : Lines) {
    abi::kernel_annotation K;
    std::string Why;
    if (!abi::decode_kernel_annotation(std::string_view(Line.data(), Line.size()), K, Why))
      return fail("the kernel list '" + KernelList + "' is malformed: " + Why);
    DeviceSizes[K.name] = K.functor_size;
  }
  for (const abi::kernel_use &U : *Uses) {
    auto It = DeviceSizes.find(U.name);
    if (It == DeviceSizes.end())
      return fail("'" + Source + "': the host compile launches kernel " + readableKernelName(U.name) +
                  ", which the device compile did not find: the compiles disagree about its "
                  "name (a lambda defined only under __SYCL_DEVICE_ONLY__ renumbers the lambdas "
                  "after it)");
    if (It->second != U.functor_size)
      return fail("'" + Source + "': kernel " + readableKernelName(U.name) + " has a " +
                  Twine(U.functor_size) + "-byte functor in the host compile and a " +
                  Twine(It->second) + "-byte one in the device compile (is its layout "
                  "different under __SYCL_DEVICE_ONLY__?)");
  }
  return Error::success();
}

} // namespace smcp::driver
