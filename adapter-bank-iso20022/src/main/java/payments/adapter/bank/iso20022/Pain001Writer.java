package payments.adapter.bank.iso20022;

import com.prowidesoftware.swift.model.mx.MxPain00100109;
import com.prowidesoftware.swift.model.mx.MxWriteParams;
import com.prowidesoftware.swift.model.mx.dic.AccountIdentification4Choice;
import com.prowidesoftware.swift.model.mx.dic.ActiveOrHistoricCurrencyAndAmount;
import com.prowidesoftware.swift.model.mx.dic.AmountType4Choice;
import com.prowidesoftware.swift.model.mx.dic.BranchAndFinancialInstitutionIdentification6;
import com.prowidesoftware.swift.model.mx.dic.CashAccount38;
import com.prowidesoftware.swift.model.mx.dic.ChargeBearerType1Code;
import com.prowidesoftware.swift.model.mx.dic.ClearingSystemIdentification2Choice;
import com.prowidesoftware.swift.model.mx.dic.ClearingSystemMemberIdentification2;
import com.prowidesoftware.swift.model.mx.dic.CreditTransferTransaction34;
import com.prowidesoftware.swift.model.mx.dic.CustomerCreditTransferInitiationV09;
import com.prowidesoftware.swift.model.mx.dic.DateAndDateTime2Choice;
import com.prowidesoftware.swift.model.mx.dic.FinancialInstitutionIdentification18;
import com.prowidesoftware.swift.model.mx.dic.GenericAccountIdentification1;
import com.prowidesoftware.swift.model.mx.dic.GenericFinancialIdentification1;
import com.prowidesoftware.swift.model.mx.dic.GroupHeader85;
import com.prowidesoftware.swift.model.mx.dic.PartyIdentification135;
import com.prowidesoftware.swift.model.mx.dic.PaymentIdentification6;
import com.prowidesoftware.swift.model.mx.dic.PaymentInstruction30;
import com.prowidesoftware.swift.model.mx.dic.PaymentMethod3Code;
import com.prowidesoftware.swift.model.mx.dic.PaymentTypeInformation26;
import com.prowidesoftware.swift.model.mx.dic.RemittanceInformation16;
import com.prowidesoftware.swift.model.mx.dic.ServiceLevel8Choice;
import java.math.BigDecimal;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import payments.core.bankrail.BankBatch;
import payments.core.bankrail.CreditTransfer;
import payments.core.bankrail.Creditor;
import payments.core.money.Currencies;

/**
 * A batch as a {@code pain.001.001.09} Document, built on Prowide's model so that the structure, the element order
 * and the escaping are the marshaller's, not string concatenation. One payment information block per file (one
 * debtor account, one currency, one execution date): EUR as a SEPA credit transfer (service level {@code SEPA},
 * charges shared by scheme, {@code SLEV}), USD as a wire ({@code URGP}, {@code SHAR}), a US creditor bank named by its
 * ABA routing number when it has no BIC. Every value comes from the batch, the creation time cut to the second, so a
 * batch written again (read back from the database) gives the same bytes.
 */
final class Pain001Writer {
    /** What SEPA files write where a mandatory agent's BIC is not known. */
    private static final String NOT_PROVIDED = "NOTPROVIDED";

    private Pain001Writer() {
    }

    /** The Document's XML, with its declaration and without a business application header. */
    static String document(BankBatch batch) {
        if (batch.transfers().isEmpty()) {
            throw new IllegalArgumentException("batch " + batch.messageId() + " has no credit transfer");
        }
        String currency = batch.currency();
        int decimals = Currencies.of(currency).decimals();
        String transactions = String.valueOf(batch.transfers().size());
        BigDecimal total = BigDecimal.ZERO.setScale(decimals);
        PaymentInstruction30 payments = payments(batch, transactions);
        for (CreditTransfer transfer : batch.transfers()) {
            if (!currency.equals(transfer.currency())) {
                throw new IllegalArgumentException("a " + transfer.currency() + " transfer in a " + currency
                        + " batch");
            }
            BigDecimal amount = BigDecimal.valueOf(transfer.amountMinor(), decimals);
            total = total.add(amount);
            payments.addCdtTrfTxInf(transaction(currency, transfer, amount));
        }
        payments.setCtrlSum(total);
        GroupHeader85 header = new GroupHeader85()
                .setMsgId(batch.messageId())
                .setCreDtTm(batch.createdAt().truncatedTo(ChronoUnit.SECONDS).atOffset(ZoneOffset.UTC))
                .setNbOfTxs(transactions)
                .setCtrlSum(total)
                .setInitgPty(party(BankText.name(currency, batch.debtor().name())));
        MxPain00100109 message = new MxPain00100109().setCstmrCdtTrfInitn(
                new CustomerCreditTransferInitiationV09().setGrpHdr(header).addPmtInf(payments));
        MxWriteParams params = new MxWriteParams();
        params.prefix = null;
        params.includeXMLDeclaration = true;
        params.indent = "  ";
        return message.document(params);
    }

    private static PaymentInstruction30 payments(BankBatch batch, String transactions) {
        boolean sepa = isSepa(batch.currency());
        var debtor = batch.debtor();
        return new PaymentInstruction30()
                .setPmtInfId(batch.messageId())
                .setPmtMtd(PaymentMethod3Code.TRF)
                .setNbOfTxs(transactions)
                .setPmtTpInf(new PaymentTypeInformation26().addSvcLvl(
                        new ServiceLevel8Choice().setCd(sepa ? "SEPA" : "URGP")))
                .setReqdExctnDt(new DateAndDateTime2Choice().setDt(
                        batch.createdAt().atOffset(ZoneOffset.UTC).toLocalDate()))
                .setDbtr(party(BankText.name(batch.currency(), debtor.name())))
                .setDbtrAcct(account(debtor.iban(), debtor.accountNumber()).setCcy(batch.currency()))
                .setDbtrAgt(agent(new FinancialInstitutionIdentification18().setBICFI(debtor.bic())))
                .setChrgBr(sepa ? ChargeBearerType1Code.SLEV : ChargeBearerType1Code.SHAR);
    }

    private static CreditTransferTransaction34 transaction(String currency, CreditTransfer transfer,
                                                          BigDecimal amount) {
        Creditor creditor = transfer.creditor();
        var transaction = new CreditTransferTransaction34()
                .setPmtId(new PaymentIdentification6().setInstrId(transfer.endToEndId())
                        .setEndToEndId(transfer.endToEndId()))
                .setAmt(new AmountType4Choice().setInstdAmt(
                        new ActiveOrHistoricCurrencyAndAmount().setCcy(currency).setValue(amount)))
                .setCdtrAgt(creditorAgent(currency, creditor))
                .setCdtr(party(BankText.name(currency, creditor.name())))
                .setCdtrAcct(account(creditor.iban(), creditor.accountNumber()));
        String remittance = BankText.remittance(currency, transfer.reference());
        if (remittance != null) {
            transaction.setRmtInf(new RemittanceInformation16().addUstrd(remittance));
        }
        return transaction;
    }

    /** The creditor's bank by BIC, else (USD) by ABA routing number; none for SEPA, which finds it by the IBAN. */
    private static BranchAndFinancialInstitutionIdentification6 creditorAgent(String currency, Creditor creditor) {
        if (creditor.bic() != null) {
            return agent(new FinancialInstitutionIdentification18().setBICFI(creditor.bic()));
        }
        if (!isSepa(currency) && creditor.routingNumber() != null) {
            return agent(new FinancialInstitutionIdentification18().setClrSysMmbId(
                    new ClearingSystemMemberIdentification2()
                            .setClrSysId(new ClearingSystemIdentification2Choice().setCd("USABA"))
                            .setMmbId(creditor.routingNumber())));
        }
        return null;
    }

    private static BranchAndFinancialInstitutionIdentification6 agent(FinancialInstitutionIdentification18 id) {
        if (id.getBICFI() == null && id.getClrSysMmbId() == null) {
            id.setOthr(new GenericFinancialIdentification1().setId(NOT_PROVIDED));
        }
        return new BranchAndFinancialInstitutionIdentification6().setFinInstnId(id);
    }

    private static CashAccount38 account(String iban, String accountNumber) {
        var id = iban != null ? new AccountIdentification4Choice().setIBAN(iban)
                : new AccountIdentification4Choice().setOthr(new GenericAccountIdentification1().setId(accountNumber));
        return new CashAccount38().setId(id);
    }

    private static PartyIdentification135 party(String name) {
        return new PartyIdentification135().setNm(name);
    }

    private static boolean isSepa(String currency) {
        return "EUR".equals(currency);
    }
}
