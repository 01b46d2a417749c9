//===- MathToLibdevice.cpp - nvptx64 math through NVIDIA's libdevice -------===//
//
// The NVPTX backend of LLVM 15 implements almost no math: it cannot select
// llvm.sin ("Cannot select fsin") and leaves llvm.exp as a call of expf that
// nothing defines. NVIDIA's libdevice (libdevice.10.bc) has every function
// as __nv_<name>f / __nv_<name>. This pass renames the math calls of device
// code to those, before optimisation, so that no math intrinsic the backend
// cannot take is ever formed; the nvptx64 target then links libdevice
// (--only-needed) and resolves its __nvvm_reflect queries.
// - libm calls (sinf, sin, ...) and the math intrinsics the backend lacks
//   (llvm.sin, llvm.exp, llvm.pow, ...): __nv_ of the same name;
// - OpenCL forms called as __spirv_ocl_* (include/sycl/math.hpp): __nv_ of
//   the same name, native_* through libdevice's fast (approximate) forms;
//   an integer-valued one (ilogb) takes its float suffix from its argument.
// Intrinsics the backend selects itself (sqrt, fabs, fma, floor, ...) stay.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace smcp {
namespace {

/// libm functions libdevice has in float ("f" suffix) and double forms.
const StringSet<> &libdeviceMath() {
  static const StringSet<> Names = {
      "sqrt",  "cbrt",  "rsqrt", "sin",   "cos",    "tan",       "asin",   "acos",
      "atan",  "atan2", "sinh",  "cosh",  "tanh",   "asinh",     "acosh",  "atanh",
      "sinpi", "cospi", "exp",   "exp2",  "exp10",  "expm1",     "log",    "log2",
      "log10", "log1p", "logb",  "pow",   "fma",    "fabs",      "floor",  "ceil",
      "trunc", "round", "rint",  "nearbyint", "fmin", "fmax",    "fmod",   "hypot",
      "copysign", "erf", "erfc", "tgamma", "lgamma", "remainder", "fdim",  "nextafter"};
  return Names;
}

/// Intrinsics whose libm name the NVPTX backend cannot select.
const StringSet<> &unselectableIntrinsics() {
  static const StringSet<> Names = {"sin", "cos", "exp", "exp2", "exp10", "log", "log2", "log10",
                                    "pow"};
  return Names;
}

/// OpenCL's native_* forms (float): libdevice's fast form where it has one.
const StringMap<const char *> &nativeForms() {
  static const StringMap<const char *> Map = {
      {"native_sin", "__nv_fast_sinf"},   {"native_cos", "__nv_fast_cosf"},
      {"native_tan", "__nv_fast_tanf"},   {"native_exp", "__nv_fast_expf"},
      {"native_exp2", "__nv_exp2f"},      {"native_log", "__nv_fast_logf"},
      {"native_log2", "__nv_fast_log2f"}, {"native_recip", "__nv_frcp_rn"},
      {"native_sqrt", "__nv_sqrtf"},      {"native_rsqrt", "__nv_rsqrtf"},
      {"native_divide", "__nv_fast_fdividef"}, {"native_powr", "__nv_fast_powf"}};
  return Map;
}

/// The OpenCL name behind "_Z15__spirv_ocl_sinf" ("sin"), or "".
StringRef openclMathName(const Function &F) {
  StringRef Name = F.getName();
  size_t Len = 0;
  if (!Name.consume_front("_Z") || Name.consumeInteger(10, Len) || Name.size() < Len)
    return "";
  Name = Name.take_front(Len);
  return Name.consume_front("__spirv_ocl_") ? Name : "";
}

std::string libdeviceName(StringRef Base, Type *Ret) {
  return ("__nv_" + Base + (Ret->isFloatTy() ? "f" : "")).str();
}

/// The libdevice function F's calls should go to, or "".
std::string libdeviceTarget(const Function &F) {
  Type *Ret = F.getReturnType();
  // The float type that names the libdevice form: the result's, or for an
  // integer result (ilogb) the first argument's.
  Type *Fp = Ret;
  if (!Fp->isFloatTy() && !Fp->isDoubleTy() && F.arg_size() > 0)
    Fp = F.getFunctionType()->getParamType(0);
  if (!Fp->isFloatTy() && !Fp->isDoubleTy())
    return "";
  if (F.getIntrinsicID() == Intrinsic::powi)
    return Ret->isFloatTy() ? "__nv_powif" : "__nv_powi";
  if (StringRef Ocl = openclMathName(F); !Ocl.empty()) {
    if (Ocl == "mad")
      return libdeviceName("fma", Fp);
    if (Ocl.startswith("native_")) {
      auto It = nativeForms().find(Ocl);
      if (Fp->isFloatTy() && It != nativeForms().end())
        return It->getValue();
      Ocl = Ocl.drop_front(strlen("native_"));
      if (Ocl == "recip" || Ocl == "divide")
        return ""; // no double form in math.hpp
      if (Ocl == "powr")
        Ocl = "pow";
    }
    return libdeviceName(Ocl, Fp);
  }
  if (Fp != Ret)
    return "";
  StringRef Base = libmBaseName(F);
  if (Base.empty() || !libdeviceMath().contains(Base))
    return "";
  if (F.isIntrinsic() && !unselectableIntrinsics().contains(Base))
    return "";
  return libdeviceName(Base, Ret);
}

} // namespace

PreservedAnalyses MathToLibdevicePass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : make_early_inc_range(M)) {
    if (!F.isDeclaration())
      continue;
    std::string Target = libdeviceTarget(F);
    if (Target.empty())
      continue;
    FunctionCallee Nv = M.getOrInsertFunction(Target, F.getFunctionType());
    for (User *U : make_early_inc_range(F.users()))
      if (auto *CI = dyn_cast<CallInst>(U); CI && CI->getCalledFunction() == &F) {
        CI->setCalledFunction(Nv);
        CI->setCallingConv(CallingConv::C);
        Changed = true;
      }
    if (F.use_empty())
      F.eraseFromParent();
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace smcp
