//===- KernelAttributes.cpp - A kernel's SYCL attributes, from its source -===//
//
// SYCL 2020 §5.8.1 places a kernel's attributes on its functor's operator()
// (`[[sycl::reqd_work_group_size(64)]] void operator()(...) const`) or after a
// kernel lambda's parameter list (`[=](nd_item<1> It) [[sycl::...]] { }`).
// Clang 15 makes the second a type attribute of the call operator's function
// type, where a plugin attribute cannot go (Attributes.cpp), and passes
// plugins no arguments in either place. So both forms are read here, one way:
// the attribute-specifiers right before the operator's declaration, or
// between the lambda's `)` and its body, are lexed back from the source.
//
//===----------------------------------------------------------------------===//

#include "SMCPPlugin.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace smcp {

namespace {

/// One `sycl::NAME(ARGS)` of an attribute-specifier.
struct SyclAttribute {
  std::string Name;
  SourceLocation Loc;
  std::vector<Token> Args; // between the parentheses
};

/// Raw tokens of [Begin, End), spelled in one file; empty for macro
/// expansions, which the raw lexer cannot follow.
std::vector<Token> rawTokens(const ASTContext &Ctx, SourceLocation Begin, SourceLocation End) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<Token> Tokens;
  if (Begin.isInvalid() || End.isInvalid() || Begin.isMacroID() || End.isMacroID() ||
      SM.getFileID(Begin) != SM.getFileID(End))
    return Tokens;
  SourceLocation Loc = Begin;
  Token T;
  while (SM.isBeforeInTranslationUnit(Loc, End) &&
         !Lexer::getRawToken(Loc, T, SM, Ctx.getLangOpts(), /*IgnoreWhiteSpace=*/true) &&
         SM.isBeforeInTranslationUnit(T.getLocation(), End)) {
    Tokens.push_back(T);
    Loc = T.getEndLoc();
  }
  return Tokens;
}

bool isIdentifier(const Token &T, StringRef Name) {
  return T.is(tok::raw_identifier) && T.getRawIdentifier() == Name;
}

/// The sycl:: attributes of the attribute-specifiers `[[...]]` in Tokens.
/// With Trailing, only the specifiers after the last other token count (the
/// ones that lead a declaration, not those of the member before it).
std::vector<SyclAttribute> syclAttributes(const std::vector<Token> &Tokens, bool Trailing) {
  std::vector<SyclAttribute> Found;
  size_t I = 0, N = Tokens.size();
  while (I < N) {
    if (!(I + 1 < N && Tokens[I].is(tok::l_square) && Tokens[I + 1].is(tok::l_square))) {
      if (Trailing)
        Found.clear();
      ++I;
      continue;
    }
    I += 2;
    // Attributes up to the closing `]]`, separated by commas.
    while (I < N && !Tokens[I].is(tok::r_square)) {
      if (Tokens[I].is(tok::comma)) {
        ++I;
        continue;
      }
      bool Sycl = I + 2 < N && isIdentifier(Tokens[I], "sycl") &&
                  Tokens[I + 1].is(tok::coloncolon) && Tokens[I + 2].is(tok::raw_identifier);
      SyclAttribute A;
      if (Sycl) {
        A.Name = Tokens[I + 2].getRawIdentifier().str();
        A.Loc = Tokens[I].getLocation();
      }
      // Skip the attribute's name, then its balanced parentheses.
      while (I < N && !Tokens[I].isOneOf(tok::l_paren, tok::comma, tok::r_square))
        ++I;
      if (I < N && Tokens[I].is(tok::l_paren)) {
        int Depth = 0;
        do {
          Depth += Tokens[I].is(tok::l_paren) - Tokens[I].is(tok::r_paren);
          if (Depth > 1 || (Depth == 1 && !Tokens[I].is(tok::l_paren)))
            A.Args.push_back(Tokens[I]);
          ++I;
        } while (I < N && Depth > 0);
      }
      if (Sycl)
        Found.push_back(std::move(A));
    }
    I += 2; // `]]`
  }
  return Found;
}

/// The value of an integer literal's spelling ("16", "0x10", "16u"), if it is one.
std::optional<uint64_t> literalValue(const Token &T) {
  if (!T.is(tok::numeric_constant))
    return std::nullopt;
  std::string Digits;
  for (char C : StringRef(T.getLiteralData(), T.getLength()).rtrim("uUlLzZ"))
    if (C != '\'')
      Digits += C;
  uint64_t V = 0;
  if (StringRef(Digits).getAsInteger(0, V))
    return std::nullopt;
  return V;
}

/// `N[, N[, N]]` of positive integer literals, or nothing.
std::optional<llvm::SmallVector<uint64_t, 3>> literalSizes(const std::vector<Token> &Args) {
  llvm::SmallVector<uint64_t, 3> Sizes;
  for (size_t I = 0; I < Args.size(); I += 2) {
    std::optional<uint64_t> V = literalValue(Args[I]);
    if (!V || *V == 0 || *V > UINT32_MAX)
      return std::nullopt;
    if (I + 1 < Args.size() && !Args[I + 1].is(tok::comma))
      return std::nullopt;
    Sizes.push_back(*V);
  }
  if (Sizes.empty() || Sizes.size() > 3 || Args.size() % 2 == 0)
    return std::nullopt;
  return Sizes;
}

/// The tokens between a lambda's `)` and its body: where its attributes are.
std::vector<Token> lambdaDeclaratorTail(const CXXRecordDecl *Closure) {
  const CXXMethodDecl *Call = Closure->getLambdaCallOperator();
  if (!Call || !Call->getTypeSourceInfo() || !Call->hasBody())
    return {};
  auto Proto = Call->getTypeSourceInfo()->getTypeLoc().getAsAdjusted<FunctionTypeLoc>();
  if (!Proto)
    return {};
  const ASTContext &Ctx = Call->getASTContext();
  SourceLocation After = Lexer::getLocForEndOfToken(Proto.getRParenLoc(), 0,
                                                    Ctx.getSourceManager(), Ctx.getLangOpts());
  return rawTokens(Ctx, After, Call->getBody()->getBeginLoc());
}

/// The tokens before a functor's operator() back to the member before it (or
/// the class's `{`): where the attributes that lead its declaration are.
std::vector<Token> operatorHead(const CXXMethodDecl *Call) {
  if (const FunctionDecl *Pattern = Call->getTemplateInstantiationPattern())
    Call = cast<CXXMethodDecl>(Pattern);
  const ASTContext &Ctx = Call->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = Call->getBeginLoc();
  SourceLocation From = Call->getParent()->getBraceRange().getBegin();
  for (const Decl *Member : Call->getParent()->decls()) {
    SourceLocation End = Member->getEndLoc();
    if (!Member->isImplicit() && End.isValid() && !End.isMacroID() &&
        SM.isBeforeInTranslationUnit(End, Begin) && SM.isBeforeInTranslationUnit(From, End))
      From = End;
  }
  return rawTokens(Ctx, From, Begin);
}

std::vector<SyclAttribute> kernelAttributes(const CXXRecordDecl *Functor) {
  if (Functor->isLambda())
    return syclAttributes(lambdaDeclaratorTail(Functor), /*Trailing=*/false);
  for (const CXXMethodDecl *M : Functor->methods())
    if (M->getOverloadedOperator() == OO_Call)
      if (std::vector<SyclAttribute> Found = syclAttributes(operatorHead(M), /*Trailing=*/true);
          !Found.empty())
        return Found;
  return {};
}

} // namespace

llvm::SmallVector<uint64_t, 3> requiredWorkGroupSize(const CXXRecordDecl *Functor) {
  if (!Functor)
    return {};
  for (const SyclAttribute &A : kernelAttributes(Functor)) {
    if (A.Name != "reqd_work_group_size")
      continue;
    if (std::optional<llvm::SmallVector<uint64_t, 3>> Sizes = literalSizes(A.Args))
      return *Sizes;
    DiagnosticsEngine &DE = Functor->getASTContext().getDiagnostics();
    DE.Report(A.Loc, DE.getCustomDiagID(DiagnosticsEngine::Error,
                                        "'reqd_work_group_size' takes 1 to 3 positive integer "
                                        "literals"));
    return {};
  }
  return {};
}

} // namespace smcp
