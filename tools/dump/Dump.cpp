//===- Dump.cpp - List the device images of an executable ------------------===//
//
// smcp-dump [--extract=<dir>] <executable, shared library, object or blob>
//
// Prints each device image (target, format, size, kernels, every property set,
// generically: name, type and value of each property) found
// in the "smcp_images" section, or in a raw blob file. --extract writes each
// image's bytes to <dir>/image<N>.<spv|ptx>, e.g. for spirv-val.
//
//===----------------------------------------------------------------------===//

#include "fatbin.h"
#include "kernel_symbol.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static cl::opt<std::string> Input(cl::Positional, cl::Required, cl::desc("<file>"));
static cl::opt<std::string> ExtractDir("extract", cl::desc("Write each image into this folder"));

static int fail(const Twine &Msg) {
  WithColor::error(errs(), "smcp-dump") << Msg << "\n";
  return 1;
}

/// The blob inside an object file's "smcp_images" section.
static Expected<StringRef> findBlob(MemoryBufferRef Buf) {
  if (Buf.getBuffer().startswith("SMCPFAT1"))
    return Buf.getBuffer();
  auto Obj = object::ObjectFile::createObjectFile(Buf);
  if (!Obj)
    return Obj.takeError();
  for (const object::SectionRef &S : (*Obj)->sections()) {
    Expected<StringRef> Name = S.getName();
    if (Name && *Name == "smcp_images")
      return S.getContents();
  }
  return createStringError(inconvertibleErrorCode(), "no device images (no 'smcp_images' section)");
}

static void printImage(size_t Index, const smcp::fatbin::DeviceImage &Img) {
  outs() << "image " << Index << ": target=" << Img.Target
         << " format=" << smcp::fatbin::formatName(Img.Format) << " size=" << Img.Bytes.size()
         << "\n";
  for (const std::string &K : Img.Kernels) {
    outs() << "  kernel " << K;
    std::string Symbol = smcp::fatbin::kernelSymbol(K);
    if (Symbol != K)
      outs() << " (symbol " << Symbol << ")";
    outs() << "\n";
  }
  for (const smcp::fatbin::PropertySet &Set : Img.PropertySets) {
    outs() << "  set " << Set.Name << "\n";
    for (const smcp::fatbin::Property &P : Set.Properties)
      outs() << "    " << P.Name << ": " << smcp::fatbin::printValue(P.Value) << "\n";
  }
}

static bool extract(size_t Index, const smcp::fatbin::DeviceImage &Img) {
  SmallString<128> Path(ExtractDir);
  sys::path::append(Path, "image" + std::to_string(Index) + "." +
                              smcp::fatbin::formatName(Img.Format));
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_None);
  if (EC) {
    fail("cannot write '" + Path + "': " + EC.message());
    return false;
  }
  OS.write(reinterpret_cast<const char *>(Img.Bytes.data()), Img.Bytes.size());
  return true;
}

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv, "SMCP device image dump\n");
  auto Buf = MemoryBuffer::getFile(Input);
  if (!Buf)
    return fail("cannot read '" + Input + "': " + Buf.getError().message());
  Expected<StringRef> Blob = findBlob((*Buf)->getMemBufferRef());
  if (!Blob)
    return fail("'" + Input + "': " + toString(Blob.takeError()));
  std::vector<smcp::fatbin::DeviceImage> Images;
  std::string Err;
  if (!smcp::fatbin::parseFatBinary(reinterpret_cast<const uint8_t *>(Blob->data()),
                                    Blob->size(), Images, Err))
    return fail("'" + Input + "': " + Err);
  for (size_t I = 0; I < Images.size(); ++I) {
    printImage(I, Images[I]);
    if (!ExtractDir.empty() && !extract(I, Images[I]))
      return 1;
  }
  return 0;
}
