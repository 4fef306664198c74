import { Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { googleAuthSchema, otpAttemptSchema, phoneAuthSchema, type PhoneAuthInput } from '../../contracts/identity.contract.js';
import { checkMobileSchema, loginSchema, registerSchema, type RegisterInput } from '../../contracts/user.contract.js';
import { CurrentSessionId, CurrentUser, Public, type AuthUser } from '../../platform/http/auth-context.js';
import { ZBody } from '../../platform/http/zod.js';
import { type VerifiedIdentity } from '../../platform/providers/identity/identity.port.js';
import { AuthService } from './auth.service.js';
import { FirebaseIdTokenGuard, ProvenIdentity } from './firebase-id-token.guard.js';
import { FirebaseSignInService } from './firebase-sign-in.service.js';

type LoginInput = z.infer<typeof loginSchema>;

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly firebase: FirebaseSignInService,
  ) {}

  @Public()
  @Post('register')
  register(@ZBody(registerSchema) body: RegisterInput, @Req() request: FastifyRequest) {
    return this.auth.register(body, request.ip);
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  login(@ZBody(loginSchema) body: LoginInput, @Req() request: FastifyRequest) {
    return this.auth.login(body.email, body.password, request.ip);
  }

  /** The older client's path for the same email login. */
  @Public()
  @Post('oldLogin')
  @HttpCode(200)
  oldLogin(@ZBody(loginSchema) body: LoginInput, @Req() request: FastifyRequest) {
    return this.auth.login(body.email, body.password, request.ip);
  }

  @ApiBearerAuth()
  @Post('logout')
  @HttpCode(200)
  async logout(@CurrentSessionId() sessionId: string) {
    await this.auth.logout(sessionId);
    return { ok: true };
  }

  @ApiBearerAuth()
  @Post('refresh')
  @HttpCode(200)
  refresh(@CurrentUser() user: AuthUser, @CurrentSessionId() sessionId: string) {
    return this.auth.refresh(user, sessionId);
  }

  @Public()
  @Post('check-mobile')
  @HttpCode(200)
  checkMobile(@ZBody(checkMobileSchema) body: { mobile_number: string }, @Req() request: FastifyRequest) {
    return this.auth.checkMobile(body.mobile_number, request.ip);
  }

  /** Google sign-in: the Firebase ID token of the popup's sign-in, exchanged for our session. */
  @Public()
  @UseGuards(FirebaseIdTokenGuard)
  @Post('google-auth')
  @HttpCode(200)
  googleAuth(@ProvenIdentity() identity: VerifiedIdentity, @ZBody(googleAuthSchema) _body: { id_token: string }) {
    return this.firebase.google(identity);
  }

  /** Phone sign-in: the Firebase ID token of a confirmed code, and the number (without +91) it was sent to. */
  @Public()
  @UseGuards(FirebaseIdTokenGuard)
  @Post('phone-auth')
  @HttpCode(200)
  phoneAuth(@ProvenIdentity() identity: VerifiedIdentity, @ZBody(phoneAuthSchema) body: PhoneAuthInput, @Req() request: FastifyRequest) {
    return this.firebase.phone(identity, body.mobile_number, request.ip);
  }

  /** Asked before a verification code is sent to a number: counts the request against the limits. */
  @Public()
  @Post('otp-attempt')
  @HttpCode(200)
  otpAttempt(@ZBody(otpAttemptSchema) body: { mobile_number: string }, @Req() request: FastifyRequest) {
    return this.firebase.otpAttempt(body.mobile_number, request.ip);
  }

  /** A Firebase custom token for the signed-in person, for the mobile app's chat and store sign-in. */
  @ApiBearerAuth()
  @Post('get-firebase-token')
  @HttpCode(200)
  firebaseToken(@CurrentUser() user: AuthUser) {
    return this.firebase.customToken(user);
  }
}
